/**
 * Before/after: which URL × crawler verdicts an edit of a robots.txt flips,
 * and which edited lines cause each flip.
 */

export type { DecidingLine, DiffCrawler, Flip, FlipCounts, FlipKind, RobotsComparison } from './flips';
export { compareRobots, countFlips, emptyCounts, flipCauses, physicalLines, verdictFlips } from './flips';
export type { LineDiff, LineEdit, LineEditKind } from './lines';
export { diffLines } from './lines';
