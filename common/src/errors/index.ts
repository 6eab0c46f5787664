/** errors: the contract's error codes, their HTTP statuses, AppError and the error envelope. */
export * from './app-error';
