import { useMemo, useState } from "react";
import type { Language } from "../../../../contract/common";
import { type MessageCode, translate } from "../../../../contract/error-messages";
import { type FormBody, type FormItem, formViolations } from "../../../../contract/forms";
import {
  errorsByItem,
  findItem,
  type ItemErrors,
  insertItem,
  isRefusal,
  moveItem,
  placeAfter,
  removeItem,
  updateItem,
  violationsByPath,
} from "./form-items";

const noErrors: ItemErrors = { form: {}, items: {} };

/**
 * The builder's working copy of a form: its edits, the selected item, and the messages of the rules. After a first
 * save attempt the shared rules (`formViolations`) are checked as the organizer types, in the server's words; the
 * server's own field errors stay on their items until the next edit.
 */
export function useFormDraft(initial: FormBody, messageLanguage: Language) {
  const [draft, setDraft] = useState(initial);
  const [savedCopy, setSavedCopy] = useState(() => JSON.stringify(initial));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [serverErrors, setServerErrors] = useState<ItemErrors | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const message = (code: MessageCode, values: (string | number)[] = []) => translate(code, messageLanguage, ...values);

  const ruleErrors = useMemo(
    () =>
      checking
        ? errorsByItem(
            draft.items,
            violationsByPath(formViolations(draft), ({ message: coded }) =>
              translate(coded.code, messageLanguage, ...(coded.values ?? [])),
            ),
          )
        : noErrors,
    [checking, draft, messageLanguage],
  );

  const edit = (change: (current: FormBody) => FormBody) => {
    setDraft(change);
    setServerErrors(null);
    setRefusal(null);
  };
  const setItems = (items: FormItem[]) => edit((current) => ({ ...current, items }));
  const refuse = (code: MessageCode) => setRefusal(message(code));

  return {
    draft,
    dirty: JSON.stringify(draft) !== savedCopy,
    errors: serverErrors ?? ruleErrors,
    /** Why the last drag, move or removal was refused, in the catalogue's words. */
    refusal,
    selectedId,
    select: setSelectedId,
    refuse,
    dismissRefusal: () => setRefusal(null),
    setItems,
    setTexts: (texts: Pick<FormBody, "title"> | Pick<FormBody, "description">) =>
      edit((current) => ({ ...current, ...texts })),
    add(item: FormItem) {
      setItems(insertItem(draft.items, item, placeAfter(draft.items, selectedId, item)));
      setSelectedId(item.id);
    },
    update: (item: FormItem) => setItems(updateItem(draft.items, item.id, () => item)),
    remove(id: string) {
      const result = removeItem(draft.items, id);
      if (isRefusal(result)) return refuse(result.refused);
      setItems(result);
      if (selectedId && !findItem(result, selectedId)) setSelectedId(null);
    },
    /** Moves an item to the end of a block's list, or of the form's own with null. */
    place(id: string, blockId: string | null) {
      const list = blockId ? findItem(draft.items, blockId)?.item : null;
      const length = list?.kind === "conditional" ? list.items.length : draft.items.length;
      const result = moveItem(draft.items, id, { blockId, index: length });
      if (isRefusal(result)) refuse(result.refused);
      else setItems(result);
    },
    /** True when the shared rules find nothing to say; otherwise their messages show on the items. */
    check() {
      setChecking(true);
      return formViolations(draft).length === 0;
    },
    /** The server refused the items it was sent: its field errors go on those items. */
    refusedByServer(sent: FormBody, fields: Record<string, string>) {
      setServerErrors(errorsByItem(sent.items, fields));
    },
    /** The server's copy becomes the working copy (it fills in the ids of new custom fields). */
    saved(form: FormBody) {
      setDraft(form);
      setSavedCopy(JSON.stringify(form));
      setServerErrors(null);
    },
  };
}

export type FormDraft = ReturnType<typeof useFormDraft>;
