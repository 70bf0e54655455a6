import { Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * One section of the event's content on its page: its id is the anchor the event's menu links to (#speakers…), and it
 * stops below the top edge when reached by one.
 */
export function ContentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} style={{ scrollMarginTop: "var(--mantine-spacing-md)" }}>
      <Title order={2} size="h3" id={`${id}-title`} mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}
