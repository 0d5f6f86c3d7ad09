import * as z from 'zod/mini';
import { inputString } from './input.ts';

/** The longest name staff may give a device: enough for "Küche Tablet links am Pass", short enough for a list. */
export const DEVICE_LABEL_MAX_LENGTH = 60;

/**
 * The name staff give a signed-in device ("Küche Tablet"), so the devices list and the notifications tell
 * the kitchen tablet from the office PC (docs/product/back-office.md): trimmed, 1–60 characters.
 */
export function deviceLabelInput() {
  return inputString().check(z.trim(), z.minLength(1), z.maxLength(DEVICE_LABEL_MAX_LENGTH));
}

/** `PATCH /api/admin/sessions/{id}`: a new name for one of the caller's devices. */
export const staffSessionRenameSchema = z.object({ label: deviceLabelInput() });
export type StaffSessionRename = z.infer<typeof staffSessionRenameSchema>;
