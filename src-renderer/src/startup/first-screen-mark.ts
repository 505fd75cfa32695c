/**
 * The `performance.mark` set when the first screen is committed. A module of its own, without imports,
 * so test/support/script-budget.ts can share it without loading React.
 */
export const FIRST_SCREEN_MARK = 'gateway-studio:first-screen';
