import { Text, TextInput, type TextInputProps } from "@mantine/core";
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** Where events live: the site's own host, e.g. `localhost:3000/`. */
export const publicPrefix = () => `${window.location.host}/`;

const prefixPadding = 12;

/** The event URL input, with the public address in front so the organizer sees the link guests will get. */
export function EventSlugInput(props: TextInputProps) {
  const { t } = useTranslation();
  const prefix = publicPrefix();
  const prefixRef = useRef<HTMLParagraphElement>(null);
  // Measured once drawn, so the typed URL starts right after the prefix whatever the host's length.
  const [width, setWidth] = useState(`calc(${prefix.length}ch + ${prefixPadding}px)`);
  useLayoutEffect(() => {
    const measured = prefixRef.current?.offsetWidth;
    if (measured) setWidth(`${measured + prefixPadding + 2}px`);
  }, []);
  return (
    <TextInput
      label={t("events.fields.slug")}
      description={t("events.fields.slugHelp")}
      withAsterisk
      autoComplete="off"
      spellCheck={false}
      leftSection={
        <Text ref={prefixRef} size="sm" c="gray.7" style={{ whiteSpace: "nowrap" }}>
          {prefix}
        </Text>
      }
      leftSectionWidth={width}
      leftSectionPointerEvents="none"
      styles={{ section: { justifyContent: "flex-start", paddingInlineStart: prefixPadding } }}
      {...props}
    />
  );
}
