/**
 * Domain errors thrown by services. One error handler (plugins/error-handler.ts)
 * turns them into HTTP answers of the shape { message, code?, fieldErrors?, ...extra }.
 */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class Invalid extends DomainError {
  constructor(message: string, fieldErrors?: Record<string, string>) {
    super(400, message, fieldErrors ? { fieldErrors } : {});
  }
}
export class Unauthorized extends DomainError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(401, message, extra);
  }
}
export class Forbidden extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFound extends DomainError {
  constructor(message: string) {
    super(404, message);
  }
}
export class Conflict extends DomainError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(409, message, extra);
  }
}
export class PayloadTooLarge extends DomainError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaType extends DomainError {
  constructor(message: string) {
    super(415, message);
  }
}
export class TooManyRequests extends DomainError {
  constructor(message: string) {
    super(429, message);
  }
}
