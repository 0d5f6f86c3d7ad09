import { useMutation } from '@tanstack/react-query';
import { MAX_PICTURE_BYTES, PICTURE_TYPES, adminPictureSchema } from '@pizzeria/domain';
import { staffRequest } from '../../../auth/staff-session.ts';
import { STORE_API } from '../../queries.ts';

/** Why the browser refuses a file before sending it (the server checks its content again), or null. */
export function pictureProblem(file: File): 'wrong_type' | 'too_large' | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) return 'wrong_type';
  return file.size > MAX_PICTURE_BYTES ? 'too_large' : null;
}

/** `POST /pictures`: the file as the raw body with its own Content-Type. */
export function uploadPicture(file: File) {
  return staffRequest(`${STORE_API}/pictures`, adminPictureSchema, { method: 'POST', file });
}

export function useUploadPicture() {
  return useMutation({ mutationFn: uploadPicture });
}
