import type { ErrorCode } from '@outpost/shared';

/** What was sent and received, for the error-details overlay. Passwords are masked before storing. */
export interface RequestReport {
  method: string;
  url: string;
  requestBody?: unknown;
  status: number;
  statusText: string;
  responseBody?: unknown;
}

/** A failed call: the spec's error code (when the server sent one), its metadata and the report. */
export class ApiError extends Error {
  readonly code: ErrorCode | undefined;
  readonly status: number;
  readonly metadata: Record<string, unknown>;
  readonly report: RequestReport;

  constructor(report: RequestReport, code?: ErrorCode, msg?: string, metadata?: Record<string, unknown>) {
    super(msg || code || `${report.status} ${report.statusText}`);
    this.name = 'ApiError';
    this.code = code;
    this.status = report.status;
    this.metadata = metadata ?? {};
    this.report = report;
  }
}
