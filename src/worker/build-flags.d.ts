/**
 * Set by vite.config.ts's `define`: true only in test builds (`--mode e2e`
 * and Vitest), so a production bundle carries no fault-injection code. Read
 * it as `typeof __ROBOTS_LAB_FAULTS__ !== 'undefined' && __ROBOTS_LAB_FAULTS__`:
 * outside Vite (tsx, the benchmarks) it is not defined at all.
 */
declare const __ROBOTS_LAB_FAULTS__: boolean;
