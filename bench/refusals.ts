/**
 * A benchmark whose operations are refused measures the refusals: beyond this share of refused operations
 * a benchmark fails (non-zero exit) instead of reporting a figure.
 */
export const MAX_REFUSED_SHARE = 0.01;

/** The message for `label` when more than MAX_REFUSED_SHARE of its operations were refused, else null. */
export function refusalProblem(
  label: string,
  done: number,
  refused: number,
  first: string | null = null,
): string | null {
  const attempted = done + refused;
  if (attempted === 0) return `${label}: no operation ran at all`;
  if (refused / attempted <= MAX_REFUSED_SHARE) return null;
  const share = ((100 * refused) / attempted).toFixed(1);
  return (
    `${label}: ${refused} of ${attempted} refused (${share} % > ${100 * MAX_REFUSED_SHARE} %)` +
    `${first ? `, first: ${first}` : ''}; the figure would measure refusals`
  );
}
