import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fanOut } from './fan-out.ts';

/** Members 0…n-1, and what each was written, in order. */
function audience(size: number) {
  const members = new Map<number, null>(Array.from({ length: size }, (_, index) => [index, null]));
  const received = new Map<number, number[]>(Array.from({ length: size }, (_, index) => [index, []]));
  const write = (member: number, _value: null, message: number) => {
    received.get(member)?.push(message);
  };
  return { members, received, write, writes: () => [...received.values()].reduce((sum, list) => sum + list.length, 0) };
}

describe('fanOut', () => {
  it('writes every member once, in order, a batch between turns', async () => {
    const { members, received, write } = audience(25);
    const order: string[] = [];
    await fanOut(
      members,
      1,
      (member, value, message) => {
        order.push(`m${member}`);
        write(member, value, message);
      },
      10,
      async () => {
        order.push('turn');
        return null;
      },
    );
    expect([...received.values()].every((list) => list.length === 1 && list[0] === 1)).toBe(true);
    expect(order.filter((event) => event === 'turn')).toHaveLength(2);
    expect(order.indexOf('turn')).toBe(10);
    expect(order.lastIndexOf('turn')).toBe(21);
  });

  it('lets a newer message take over at once: the rest get it first, then those written the older one', async () => {
    const { members, received, write, writes } = audience(40);
    let turns = 0;
    await fanOut(members, 1, write, 10, async () => {
      turns += 1;
      return turns === 2 ? 2 : null;
    });
    // 20 had the first message when the second came: they get the second after the other 20.
    for (let member = 0; member < 20; member += 1) expect(received.get(member)).toEqual([1, 2]);
    for (let member = 20; member < 40; member += 1) expect(received.get(member)).toEqual([2]);
    // One pass and the 20 written before, where finishing the pass and starting a new one writes 80.
    expect(writes()).toBe(60);
  });

  it('takes over again during the round back, and ends with the newest everywhere', async () => {
    const { members, received, write } = audience(40);
    let turns = 0;
    const script = new Map([
      [2, 2], // after members 0-19: the round back will be 20 long
      [5, 3], // the pass ends after 4 turns; this is 10 members into the round back
    ]);
    await fanOut(members, 1, write, 10, async () => {
      turns += 1;
      return script.get(turns) ?? null;
    });
    for (let member = 0; member < 10; member += 1) expect(received.get(member)).toEqual([1, 2, 3]);
    for (let member = 10; member < 20; member += 1) expect(received.get(member)).toEqual([1, 3]);
    for (let member = 20; member < 40; member += 1) expect(received.get(member)).toEqual([2, 3]);
  });

  it('leaves every member with the newest message, and none with an older after a newer, whatever changes meanwhile', async () => {
    const step = fc.record({
      newer: fc.boolean(),
      leave: fc.array(fc.nat(200), { maxLength: 4 }),
      join: fc.nat(3),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.nat(120),
        fc.integer({ min: 1, max: 12 }),
        fc.array(step, { maxLength: 60 }),
        async (size, batch, steps) => {
          const { members, received, write } = audience(size);
          let newest = 1;
          let nextId = size;
          let turn = 0;
          await fanOut(members, newest, write, batch, async () => {
            const now = steps[turn];
            turn += 1;
            if (!now) return null;
            for (const index of now.leave) {
              const member = [...members.keys()][index];
              if (member !== undefined) members.delete(member);
            }
            // A member that joins is sent the status of that moment (as `subscribe` does).
            for (let joined = 0; joined < now.join; joined += 1) {
              members.set(nextId, null);
              received.set(nextId, [newest]);
              nextId += 1;
            }
            if (!now.newer) return null;
            newest += 1;
            return newest;
          });
          for (const member of members.keys()) {
            const list = received.get(member) ?? [];
            expect(list.at(-1), `member ${member}`).toBe(newest);
            expect(list.every((message, index) => index === 0 || (list[index - 1] ?? 0) <= message)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
