/**
 * Before/after: which URL × crawler verdicts an edit of a robots.txt flips,
 * and which edited lines cause each flip.
 */

export type { DiffCrawler, Flip } from './flips';
export { compareRobots, emptyCounts, verdictFlips } from './flips';
export type { LineEdit } from './lines';
