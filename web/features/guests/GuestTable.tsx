import { Anchor, Checkbox, Table, Text, UnstyledButton } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CustomField, Guest } from "../../../contract/guests";
import { formatDateTime } from "../../ui/date-format";
import { useAdminPath } from "../../ui/language-scope";
import { GuestStatusBadge } from "./GuestStatusBadge";
import { formatCustomValue, guestName } from "./guest-format";
import type { GuestListState, GuestSort } from "./guest-list-params";

type Props = {
  eventId: string;
  guests: Guest[];
  customColumns: CustomField[];
  state: GuestListState;
  onSort(sort: GuestSort): void;
  /** Present when the reader may act on guests. */
  selection?: { selected: Set<string>; allMatching: boolean; toggle(id: string): void; togglePage(): void };
};

const columns: { key: string; sort: GuestSort }[] = [
  { key: "name", sort: "lastName" },
  { key: "email", sort: "email" },
  { key: "company", sort: "company" },
  { key: "status", sort: "status" },
  { key: "mailStatus", sort: "mailStatus" },
  { key: "createdAt", sort: "createdAt" },
];

export function GuestTable({ eventId, guests, customColumns, state, onSort, selection }: Props) {
  const { t, i18n } = useTranslation();
  const adminPath = useAdminPath();
  const checkedOnPage = guests.filter((guest) => selection?.allMatching || selection?.selected.has(guest.id)).length;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th scope="col" w={40}>
                <Checkbox
                  aria-label={t("guests.list.selectPage")}
                  checked={checkedOnPage === guests.length}
                  indeterminate={checkedOnPage > 0 && checkedOnPage < guests.length}
                  onChange={selection.togglePage}
                />
              </Table.Th>
            )}
            {columns.map(({ key, sort }) => {
              const active = state.sort === sort;
              const next = active && state.direction === "asc" ? "descending" : "ascending";
              return (
                <Table.Th
                  key={key}
                  scope="col"
                  aria-sort={active ? (state.direction === "asc" ? "ascending" : "descending") : "none"}
                >
                  <UnstyledButton
                    onClick={() => onSort(sort)}
                    fw={700}
                    fz="sm"
                    aria-label={t(`guests.list.sortBy.${next}`, { column: t(`guests.columns.${key}`) })}
                  >
                    {t(`guests.columns.${key}`)} {active ? (state.direction === "asc" ? "↑" : "↓") : ""}
                  </UnstyledButton>
                </Table.Th>
              );
            })}
            {customColumns.map((field) => (
              <Table.Th key={field.id} scope="col">
                {field.name}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {guests.map((guest) => {
            const name = guestName(guest, t("guests.unnamed"));
            return (
              <Table.Tr key={guest.id}>
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t("guests.list.select", { name })}
                      checked={selection.allMatching || selection.selected.has(guest.id)}
                      onChange={() => selection.toggle(guest.id)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Anchor component={Link} to={adminPath(`/events/${eventId}/guests/${guest.id}`)} c="blue.8" fw={600}>
                    {name}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ wordBreak: "break-all" }}>{guest.email}</Table.Td>
                <Table.Td>{guest.company}</Table.Td>
                <Table.Td>
                  <GuestStatusBadge status={guest.status} />
                </Table.Td>
                <Table.Td>{guest.mailStatus ? t(`guests.mailStatus.${guest.mailStatus}`) : ""}</Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDateTime(guest.createdAt, i18n.language)}</Text>
                </Table.Td>
                {customColumns.map((field) => (
                  <Table.Td key={field.id}>
                    {formatCustomValue(field, guest.customFields[field.id], i18n.language)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
