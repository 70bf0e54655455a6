import { type FormErrors, schemaResolver, type UseFormReturnType, useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { isMessageCode, messageOfZodIssue, translate } from "../../contract/error-messages";
import { ApiError } from "../api/client";
import i18n, { toLanguage } from "../i18n/i18n";

// Rules written without a message code (zod's own checks) speak the catalogue's words too, as the server does.
z.config({
  customError: (issue) => {
    const { code, values = [] } = messageOfZodIssue(issue);
    return translate(code, toLanguage(i18n.language), ...values);
  },
});

/**
 * A Mantine form validated in the browser by the same contract schema the server enforces; the schema's message
 * codes are shown in the user's language from the shared message catalogue.
 */
export function useContractForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  initialValues: z.input<Schema>,
) {
  const { i18n } = useTranslation();
  const resolve = schemaResolver(schema, { sync: true });
  return useForm<z.input<Schema>, z.output<Schema>, FormErrors>({
    mode: "controlled",
    initialValues,
    validateInputOnBlur: true,
    validate: (values) => translateErrors(resolve(values), i18n.language),
    transformValues: (values) => schema.parse(values),
  });
}

function translateErrors(errors: FormErrors, language: string): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [
      field,
      typeof message === "string" && isMessageCode(message) ? translate(message, toLanguage(language)) : message,
    ]),
  );
}

/**
 * Puts a failed call's field messages under their inputs and returns the headline for the banner.
 * Field names follow the API body, as the contract does.
 */
// biome-ignore lint/suspicious/noExplicitAny: any form shape may receive server errors.
export function showServerErrors(form: UseFormReturnType<any, any>, error: unknown): string {
  if (error instanceof ApiError) {
    if (Object.keys(error.fields).length > 0) form.setErrors(error.fields);
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
