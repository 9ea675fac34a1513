let next = 0;

/** A new user's details, unique within a run. */
export function uniqueUser(prefix = 'player') {
  next += 1;
  const tag = `${prefix}${Date.now().toString(36)}${next}`;
  return { username: tag, email: `${tag}@outpost.test`, password: `pw-${tag}-secret` };
}
