import type { Page } from '@playwright/test';

interface PlayedNote {
  type: string;
  frequency: number;
}

declare global {
  interface Window {
    playedNotes: PlayedNote[];
  }
}

/**
 * Listens to the page's Web Audio: every oscillator the board starts is recorded with its wave and
 * pitch (the order chime is sine waves, the lost-connection alarm square waves).
 */
export async function listenToSound(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.playedNotes = [];
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
      window.playedNotes.push({ type: this.type, frequency: this.frequency.value });
      start.call(this, when);
    };
  });
}

/** How many notes of the order chime the board played so far. */
export const chimes = (page: Page) =>
  page.evaluate(() => window.playedNotes.filter((note) => note.type === 'sine').length);
/** How many notes of the lost-connection alarm the board played so far. */
export const alarms = (page: Page) =>
  page.evaluate(() => window.playedNotes.filter((note) => note.type === 'square').length);
