import { Card, Stack, Title } from "@mantine/core";
import { type ReactNode, useId } from "react";

/** A titled card, a landmark named by its title. */
export function OrderSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}
