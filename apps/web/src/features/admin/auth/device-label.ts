import * as z from 'zod/mini';
import { DEVICE_LABEL_MAX_LENGTH } from '@pizzeria/domain';
import { readStorage, writeStorage } from '../../../lib/storage.ts';

/** Local storage: the name staff gave this device at its last sign-in, offered again at the next. */
const DEVICE_LABEL_KEY = 'staff_device_label';

const storedLabelSchema = z.string().check(z.maxLength(DEVICE_LABEL_MAX_LENGTH));

/** The name this device was given last ("Küche Tablet"), or '' when it never was. */
export function rememberedDeviceLabel(): string {
  return readStorage(DEVICE_LABEL_KEY, storedLabelSchema) ?? '';
}

/** Keeps the device's name for its next sign-in; an empty one is kept too (staff cleared it on purpose). */
export function rememberDeviceLabel(label: string): void {
  writeStorage(DEVICE_LABEL_KEY, label.trim().slice(0, DEVICE_LABEL_MAX_LENGTH));
}
