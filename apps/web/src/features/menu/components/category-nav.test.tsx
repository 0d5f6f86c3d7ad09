import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/index.ts';
import { renderWithProviders } from '../../../lib/testing.tsx';
import { sectionId, type MenuSection } from '../menu-model.ts';
import { categories } from '../test-catalogue.ts';
import { CategoryNav, readingLine } from './category-nav.tsx';

// Scrolling down, the chip of the category before stayed lit while the next one filled the screen.

const sections: MenuSection[] = categories.slice(0, 3).map((category) => ({ category, products: [] }));
const VIEWPORT = 800;

/** Puts each section's heading at the given distance from the viewport top, as a scroll would. */
function placeSections(tops: number[]) {
  sections.forEach(({ category }, index) => {
    const element = document.getElementById(sectionId(category));
    if (!element) throw new Error('no section element');
    element.getBoundingClientRect = () => ({ top: tops[index] ?? 0 }) as DOMRect;
  });
}

let frames: FrameRequestCallback[] = [];

/** A scroll event and the animation frame it asks for. */
function scroll() {
  act(() => {
    window.dispatchEvent(new Event('scroll'));
    for (const callback of frames.splice(0)) callback(0);
  });
}

const current = () => screen.getAllByRole('link').find((link) => link.getAttribute('aria-current') === 'true');

beforeEach(async () => {
  await i18n.changeLanguage('de');
  vi.stubGlobal('innerHeight', VIEWPORT);
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  for (const { category } of sections) {
    const element = document.createElement('section');
    element.id = sectionId(category);
    document.body.append(element);
  }
});

afterEach(() => {
  vi.unstubAllGlobals();
  for (const { category } of sections) document.getElementById(sectionId(category))?.remove();
});

describe('the category bar while scrolling', () => {
  it('lights the category whose heading has passed a third of the screen, not the one before', () => {
    renderWithProviders(<CategoryNav sections={sections} />);
    const [first, second] = sections.map(({ category }) => category.name);
    placeSections([-600, 250, 1400]);
    scroll();
    expect(current()).toHaveTextContent(second ?? '');

    placeSections([-100, 700, 1800]);
    scroll();
    expect(current()).toHaveTextContent(first ?? '');
  });

  it('reads a third of the way down below the sticky bars, never closer to them than 24 px', () => {
    expect(readingLine(120, 720)).toBe(320);
    expect(readingLine(100, 130)).toBe(124);
  });
});
