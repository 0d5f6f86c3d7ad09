import { useMutation } from '@tanstack/react-query';
import { userSchema, type RegisterCustomer } from '@pizzeria/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { login, type SignedIn } from './login.ts';

/** The account exists, but logging in with it afterwards failed: the person should log in by hand. */
export class RegisteredButNotSignedIn extends Error {
  constructor(cause: unknown) {
    super('Registered, but the login that followed failed', { cause });
  }
}

/** `POST /api/register/customer`; the new customer is then logged in with the same credentials. */
export async function registerCustomer(input: RegisterCustomer): Promise<SignedIn> {
  await apiRequest('/register/customer', userSchema, { method: 'POST', json: input });
  try {
    return await login({ username: input.email, password: input.password });
  } catch (error) {
    throw new RegisteredButNotSignedIn(error);
  }
}

export function useRegisterCustomer() {
  return useMutation({ mutationFn: registerCustomer });
}
