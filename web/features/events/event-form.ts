import type { GetInputPropsReturnType, UseFormReturnType } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type ChangeEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { translate } from "../../../contract/error-messages";
import type { EventUpdateBody, eventUpdateBody } from "../../../contract/events";
import { ApiError } from "../../api/client";
import { toLanguage } from "../../i18n/i18n";
import { useAlert } from "../../ui/alert";
import { showServerErrors } from "../../ui/forms";
import { suggestSlug } from "./event-slug";
import { useEvent, useUpdateEvent } from "./events.queries";

/** An empty optional text is "no value", not an empty string stored forever. */
export const blankToNull = (value: string | null | undefined) => (value?.trim() ? value : null);

export const hasFieldErrors = (error: unknown) => error instanceof ApiError && Object.keys(error.fields).length > 0;

/**
 * Field errors go under their inputs; anything else (event limit, a state conflict) goes to the page banner, which
 * screen readers announce.
 */
// biome-ignore lint/suspicious/noExplicitAny: any form shape may receive server errors.
export function useReportError(form: UseFormReturnType<any, any>) {
  const { showAlert } = useAlert();
  return (error: unknown) => {
    const headline = showServerErrors(form, error);
    if (!hasFieldErrors(error)) showAlert(headline);
  };
}

/**
 * NumberInput speaks `number | ""`, the contract `number | null`. An emptied required number becomes NaN so the
 * schema refuses it, and reads "This field is required." instead of the schema's technical message.
 */
export function useNumberInput() {
  const { i18n } = useTranslation();
  const required = translate("FIELD_REQUIRED", toLanguage(i18n.language));
  return (props: GetInputPropsReturnType, empty: "null" | "required") => {
    const isEmpty = props.value === null || props.value === undefined || Number.isNaN(props.value);
    return {
      ...props,
      value: isEmpty ? "" : props.value,
      onChange: (value: number | string) =>
        props.onChange(typeof value === "number" ? value : empty === "null" ? null : Number.NaN),
      error: props.error && isEmpty && empty === "required" ? required : props.error,
    };
  };
}

/** The URL follows the name until the organizer types one of their own. */
export function useSuggestedSlug(name: GetInputPropsReturnType, slug: GetInputPropsReturnType) {
  const [edited, setEdited] = useState(false);
  return {
    nameProps: {
      ...name,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        name.onChange(event);
        if (!edited) slug.onChange(suggestSlug(event.currentTarget.value));
      },
    },
    slugProps: {
      ...slug,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const value = event.currentTarget.value.toLowerCase();
        setEdited(value !== "");
        slug.onChange(value);
      },
    },
  };
}

export type EventUpdateForm = UseFormReturnType<z.input<typeof eventUpdateBody>, z.output<typeof eventUpdateBody>>;

/** Each tab of the edit page saves only its own fields, then takes them as its new clean state. */
export function useSaveEventTab(
  eventId: string,
  form: EventUpdateForm,
  prepare: (body: EventUpdateBody) => EventUpdateBody = (body) => body,
) {
  const { t } = useTranslation();
  const { clearAlert } = useAlert();
  const update = useUpdateEvent(eventId);
  // The version this page shows: an event another organizer changed since is refused, not overwritten.
  const unchangedSince = useEvent(eventId).data?.updatedAt;
  const report = useReportError(form);
  const onSubmit = form.onSubmit((body) => {
    clearAlert();
    update.mutate(
      { ...prepare(body), unchangedSince },
      {
        onSuccess: () => {
          // What was saved is the new starting point, for "discard changes" as for the dirty check.
          const saved = form.getValues();
          form.setInitialValues(saved);
          form.resetDirty(saved);
          notifications.show({ color: "green", message: t("common.saved") });
        },
        onError: report,
      },
    );
  });
  return { onSubmit, saving: update.isPending };
}
