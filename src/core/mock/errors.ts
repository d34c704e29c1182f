/** Why no value could be made: the keyword the validator kept refusing, and where. */
export class MockError extends Error {
  constructor(
    message: string,
    readonly keyword?: string,
    readonly location?: string,
  ) {
    super(message);
    this.name = 'MockError';
  }
}
