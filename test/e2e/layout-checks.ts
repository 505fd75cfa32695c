// Layout checks a person would make by looking: does one thing sit on top of another?
import type { Locator } from '@playwright/test';
import { expect } from './harness.ts';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on screen`);
  return box;
}

/** The area two boxes share, in square pixels (0 when they do not meet). */
function sharedArea(a: Box, b: Box): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * The part of each element a person can see, all read at one moment (a toast may leave a moment later): its
 * box cut by every ancestor that clips its overflow (a toast that no longer fits is cut at the top of its
 * list, and the part cut off covers nothing).
 */
async function visibleBoxesOf(locator: Locator): Promise<Box[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      let { left, top, right, bottom } = element.getBoundingClientRect();
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflow === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { x: left, y: top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
    }),
  );
}

/** Every one of `covering` (e.g. the toasts shown) leaves every one of `covered` (controls) uncovered. */
export async function expectNothingCovered(
  covering: Locator,
  covered: Record<string, Locator>,
): Promise<void> {
  const boxes = await visibleBoxesOf(covering);
  expect(boxes.length, 'nothing was shown to check').toBeGreaterThan(0);
  for (const [name, locator] of Object.entries(covered)) {
    const target = await boxOf(locator);
    for (const box of boxes) expect(sharedArea(box, target), `${name} is covered`).toBe(0);
  }
}
