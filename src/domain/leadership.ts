/**
 * A role's work found that this instance no longer holds its leader lease (another instance took it
 * over, or it expired while this one was paused): the work it was about to write was refused, and
 * the role's loop must stop rather than retry (services/leadership.ts, docs/deployment.md).
 */
export class LeadershipLostError extends Error {
  constructor(readonly role: string) {
    super(`this instance no longer leads ${role}: another instance took it over`);
    this.name = 'LeadershipLostError';
  }
}
