import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { storeAvailabilitySchema, type ClosureRequest, type PauseRequest } from '@pizzeria/domain';
import { staffRequest } from '../../auth/staff-session.ts';
import { STORE_API } from '../../catalogue/queries.ts';

export const AVAILABILITY_KEY = ['admin', 'availability'] as const;

/** `GET …/availability`: the pause, the closures not yet over, and whether the shop is open now. */
export function availabilityQuery() {
  return queryOptions({
    queryKey: AVAILABILITY_KEY,
    queryFn: () => staffRequest(`${STORE_API}/availability`, storeAvailabilitySchema),
  });
}

/** Every change below alters what customers see, so the status is read again afterwards. */
function useAvailabilityMutation<Input>(send: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY }),
  });
}

/** `POST …/closures`. */
export function useAddClosure() {
  return useAvailabilityMutation((closure: ClosureRequest) =>
    staffRequest(`${STORE_API}/closures`, null, { method: 'POST', json: closure }),
  );
}

/** `DELETE …/closures/{id}`. */
export function useDeleteClosure() {
  return useAvailabilityMutation((closureId: number) =>
    staffRequest(`${STORE_API}/closures/${closureId}`, null, { method: 'DELETE' }),
  );
}

/** `PUT …/pause`: pause until a time or until resumed, or resume. */
export function usePause() {
  return useAvailabilityMutation((pause: PauseRequest) =>
    staffRequest(`${STORE_API}/pause`, null, { method: 'PUT', json: pause }),
  );
}
