import { useSyncExternalStore } from 'react';

/**
 * The board's sound, made with the Web Audio API (no audio files to load or fail). Browsers play sound
 * only after a gesture on the page, so the shift starts with a click that creates and resumes the
 * audio context; from then on the board can ring without anyone touching it. Whether sound can play
 * right now is state the board shows: a context the browser suspended, or staff's own mute, is a red
 * banner, because a silent board is how orders get missed.
 */
export interface SoundState {
  /** "Start shift" was clicked on this page. */
  started: boolean;
  /** The browser does not let the page play sound (no gesture yet, or it suspended the context). */
  blocked: boolean;
  /** Staff turned the board's sound off. */
  muted: boolean;
}

type Note = { frequency: number; at: number; duration: number; type: OscillatorType };

/** A new order: a bright two-note chime, three notes when it has waited too long. */
const CHIME: Note[] = [
  { frequency: 880, at: 0, duration: 0.22, type: 'sine' },
  { frequency: 1175, at: 0.24, duration: 0.4, type: 'sine' },
];
const LOUD_CHIME: Note[] = [...CHIME, { frequency: 1568, at: 0.52, duration: 0.5, type: 'triangle' }];
/** The connection is gone: a low two-tone siren, unlike any order chime. */
const ALARM: Note[] = [0, 0.35, 0.7, 1.05].map((at, index) => ({
  frequency: index % 2 === 0 ? 392 : 294,
  at,
  duration: 0.3,
  type: 'square' as const,
}));

const VOLUME = { chime: 0.35, loud: 1, alarm: 0.6 } as const;

let context: AudioContext | null = null;
let state: SoundState = { started: false, blocked: true, muted: false };
const listeners = new Set<() => void>();

function update(next: Partial<SoundState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function play(notes: Note[], volume: number): void {
  if (!context || context.state !== 'running' || state.muted) return;
  const start = context.currentTime + 0.02;
  for (const note of notes) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = note.type;
    oscillator.frequency.value = note.frequency;
    // A short attack and a decay: a chime, not a click.
    gain.gain.setValueAtTime(0.0001, start + note.at);
    gain.gain.exponentialRampToValueAtTime(volume, start + note.at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + note.at + note.duration);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + note.at);
    oscillator.stop(start + note.at + note.duration + 0.05);
  }
}

export const boardSound = {
  /** From the "Start shift" click (a gesture): the context may play from now on. */
  async start(): Promise<void> {
    try {
      if (!context) {
        const created = new AudioContext();
        context = created;
        created.onstatechange = () => update({ blocked: created.state !== 'running' });
      }
      await context.resume();
    } catch (error) {
      // No Web Audio here, or the browser refused: the shift runs, and the red banner says it is silent.
      console.error('The board cannot play sound', error);
    } finally {
      update({ started: true, blocked: context?.state !== 'running' });
    }
  },
  setMuted(muted: boolean): void {
    update({ muted });
  },
  chime(loud: boolean): void {
    play(loud ? LOUD_CHIME : CHIME, loud ? VOLUME.loud : VOLUME.chime);
  },
  alarm(): void {
    play(ALARM, VOLUME.alarm);
  },
  /**
   * Ends the shift: the next board starts it again. The shift outlives the board page on purpose (staff
   * look at another admin page and come back to a board that still rings); tests end it between cases.
   */
  stop(): void {
    void context?.close();
    context = null;
    update({ started: false, blocked: true });
  },
};

export function useBoardSound(): SoundState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );
}
