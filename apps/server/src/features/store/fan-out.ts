/**
 * Writes a message to every member of a live Map, `batch` members at a time, calling `between` after
 * each batch (a turn of the event loop, and the chance to hear of a newer message).
 *
 * A newer message takes over at once: the members not yet written get it first, then the round goes
 * back to the start for those written an older one. Every member's last message is thus the newest,
 * and the last member gets it about one pass after it came, not after the rest of the old pass and then
 * a whole new one. Members added meanwhile (at the Map's end) are written too, unless they come during a
 * round back, which ends where the older message stopped (the status channel sends a subscriber the
 * status as it joins). One deleted meanwhile from the part written before may make the round back write
 * one member the newest message twice: the round back counts members, as the Map keeps no positions.
 */
export async function fanOut<K, V, M>(
  members: ReadonlyMap<K, V>,
  message: M,
  write: (key: K, value: V, message: M) => void,
  batch: number,
  between: () => Promise<M | null>,
): Promise<void> {
  let current = message;
  // Every round of writes walks the Map from its start: to its end, or only `limit` members long.
  let entries = members.entries();
  let written = 0;
  let limit = Number.POSITIVE_INFINITY;
  /** Members at the Map's start that got an older message than `current`: the next round's length. */
  let owed = 0;
  let sinceTurn = 0;
  for (;;) {
    const next = written < limit ? entries.next() : undefined;
    if (!next || next.done) {
      if (owed === 0) return;
      entries = members.entries();
      written = 0;
      limit = owed;
      owed = 0;
      continue;
    }
    const [key, value] = next.value;
    write(key, value, current);
    written += 1;
    sinceTurn += 1;
    if (sinceTurn < batch) continue;
    sinceTurn = 0;
    const newer = await between();
    if (newer === null) continue;
    current = newer;
    // The rest of the Map gets the newer message, then the `written` members this round passed.
    owed = written;
    limit = Number.POSITIVE_INFINITY;
  }
}
