import { Paper } from "@mantine/core";
import { type ReactNode, useState } from "react";

/**
 * The dashed area that takes files dropped on it (an image field, the content uploads), highlighted while files are
 * dragged over it. Nothing is taken while `inactive` (disabled, or a previous upload still going).
 */
export function DropArea({
  inactive,
  onFiles,
  children,
}: {
  inactive: boolean;
  onFiles(files: File[]): void;
  children: ReactNode;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <Paper
      mt="xs"
      p="md"
      withBorder
      data-dragging={dragging || undefined}
      style={{
        borderStyle: "dashed",
        borderWidth: 2,
        borderColor: dragging ? "var(--mantine-color-blue-7)" : undefined,
        background: dragging ? "var(--mantine-color-blue-0)" : undefined,
      }}
      onDragOver={(event) => {
        if (inactive) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles([...event.dataTransfer.files]);
      }}
    >
      {children}
    </Paper>
  );
}
