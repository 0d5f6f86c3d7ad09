import { create } from 'zustand';

interface PickerState {
  /** The dialog is open. */
  open: boolean;
  /** The dialog was asked for at least once, so its lazy chunk is mounted. */
  requested: boolean;
}

/** Whether the postcode picker dialog is open; any component may open it. */
export const usePostcodePicker = create<PickerState>()(() => ({ open: false, requested: false }));

export function openPostcodePicker(): void {
  usePostcodePicker.setState({ open: true, requested: true });
}

export function closePostcodePicker(): void {
  usePostcodePicker.setState({ open: false });
}
