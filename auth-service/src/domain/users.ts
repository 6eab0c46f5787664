/** An account as the use-cases and handlers see it: no password hash. */
export interface UserRecord {
  id: string;
  email: string;
  createdAt: Date;
}

/** An account with its stored password hash, for the checks that need it. */
export interface UserWithPassword extends UserRecord {
  passwordHash: string;
}

/** The public part of a user record. */
export function withoutPassword(user: UserWithPassword): UserRecord {
  return { id: user.id, email: user.email, createdAt: user.createdAt };
}
