import { Center, Pagination } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** Page links of a long list, as a labelled navigation landmark whose every control is named for screen readers. */
export function PageLinks(props: {
  label: string;
  pages: number;
  page: number;
  onChange: (page: number) => void;
  pageLabel: (page: number) => string;
  controlLabel?: (control: string) => string;
}) {
  const { t } = useTranslation();
  if (props.pages <= 1) return null;
  const controlLabel =
    props.controlLabel ?? ((control: string) => t(control === "previous" ? "common.previous" : "common.next"));
  return (
    <Center component="nav" aria-label={props.label} mt="md">
      <Pagination
        total={props.pages}
        value={props.page}
        onChange={props.onChange}
        getControlProps={(control) => ({ "aria-label": controlLabel(control) })}
        getItemProps={(page) => ({ "aria-label": props.pageLabel(page) })}
      />
    </Center>
  );
}
