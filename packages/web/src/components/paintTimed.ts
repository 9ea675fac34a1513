/**
 * Element Timing: the browser records when the element's text is first painted, which is how
 * bench:web times a cold load (React's types do not know the attribute yet, hence the spread).
 */
export const paintTimed = (identifier: string): Record<string, string> => ({ elementtiming: identifier });
