import { create } from 'zustand';

interface AnnouncementState {
  message: string;
  /** Changes with every announcement, so the same text twice is announced twice. */
  id: number;
}

/** What the menu last did for the customer ("Cola zum Warenkorb hinzugefügt"), for the live region. */
export const useAnnouncement = create<AnnouncementState>()(() => ({ message: '', id: 0 }));

export function announce(message: string): void {
  useAnnouncement.setState((state) => ({ message, id: state.id + 1 }));
}

export function clearAnnouncement(): void {
  useAnnouncement.setState({ message: '' });
}
