// @pactflow/swagger-mock-validator 14 ships no type declarations; this is the part of
// its programmatic API (the package's "." export) the OpenAPI check uses.
declare module "@pactflow/swagger-mock-validator" {
  export interface ValidationResult {
    code: string;
    message: string;
    type: "error" | "warning";
    source: string;
    mockDetails?: { interactionDescription?: string | null; interactionState?: string | null; location: string; value?: unknown };
    specDetails?: { location: string; pathMethod?: string | null; pathName?: string | null; value?: unknown };
  }

  export interface ValidationOutcome {
    success: boolean;
    failureReason?: string;
    errors: ValidationResult[];
    warnings: ValidationResult[];
  }

  export interface ValidateOptions {
    specPathOrUrl: string;
    mockPathOrUrl: string;
    /** "true" or "false" (strings, as from the CLI); both default to "false". */
    additionalPropertiesInResponse?: "true" | "false";
    requiredPropertiesInResponse?: "true" | "false";
  }

  export const SwaggerMockValidatorFactory: {
    create(auth?: string): { validate(options: ValidateOptions): Promise<ValidationOutcome> };
  };
}
