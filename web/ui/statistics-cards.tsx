import { Box, Button, Card, Group, Stack, Table, Text, Title } from "@mantine/core";
import { type ReactNode, useState } from "react";

/** One key figure of a statistics page: what it counts, the figure, and an optional line that qualifies it. */
export function Kpi({ label, value, children }: { label: string; value: number | string; children?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {children && (
        <Text size="xs" c="gray.7">
          {children}
        </Text>
      )}
    </Card>
  );
}

/**
 * A statistics figure: its chart for the eye and the same numbers as a table. Assistive technology would read the
 * chart's SVG as noise, so the chart is one image named by `chartLabel` (else by the title), and the table carries
 * the exact figures: beneath the chart, or, given `tableToggle`'s labels, in its place at the press of a button.
 */
export function ChartCard({
  title,
  chartLabel,
  empty,
  chart,
  table,
  tableToggle,
  actions,
}: {
  title: string;
  /** A sentence that says what the chart shows, for those who cannot see it. */
  chartLabel?: string;
  /** Said instead of the chart and table when there is nothing to draw. */
  empty?: string;
  chart: ReactNode;
  table: ReactNode;
  tableToggle?: { showTable: string; showChart: string };
  /** Beside the title: what can be done with the figures (an export). */
  actions?: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const image = (
    <Box role="img" aria-label={chartLabel ?? title}>
      {chart}
    </Box>
  );
  const scrollingTable = <Table.ScrollContainer minWidth={280}>{table}</Table.ScrollContainer>;
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3">
          {title}
        </Title>
        {tableToggle && !empty && (
          <Button variant="subtle" size="compact-sm" onClick={() => setAsTable(!asTable)} aria-expanded={asTable}>
            {asTable ? tableToggle.showChart : tableToggle.showTable}
          </Button>
        )}
        {actions}
      </Group>
      {empty ? (
        <Text c="gray.7">{empty}</Text>
      ) : !tableToggle ? (
        <Stack gap="sm">
          {image}
          {scrollingTable}
        </Stack>
      ) : asTable ? (
        scrollingTable
      ) : (
        image
      )}
    </Card>
  );
}
