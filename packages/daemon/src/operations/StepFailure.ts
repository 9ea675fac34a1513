/** Thrown by a step with the reason a user should read; runOperations adds which step it was. */
export class StepFailure extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'StepFailure';
  }
}
