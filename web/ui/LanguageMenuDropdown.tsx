import { Menu } from "@mantine/core";
import { type ReactElement, type RefObject, useEffect, useState } from "react";
import type { Language } from "../../contract/languages";

/**
 * The open language menu, a chunk of its own (LanguageMenu): Mantine's Menu brings its popover and floating-ui,
 * about a tenth of a guest's first visit, for a menu few open. It opens once mounted, as the click that fetched it
 * asked, the way a click on its target opens it (opened from its first render, the dropdown stayed hidden in tests).
 * Its target replaces the button that was clicked, so it takes the focus first: closing the menu gives it back there.
 */
export function LanguageMenuDropdown({
  target,
  targetRef,
  languages,
  names,
  current,
  onSelect,
}: {
  target: ReactElement;
  targetRef: RefObject<HTMLButtonElement | null>;
  languages: readonly Language[];
  names: Record<Language, string>;
  current: Language;
  onSelect: (next: Language) => void;
}) {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    targetRef.current?.focus();
    setOpened(true);
  }, [targetRef]);
  return (
    <Menu position="bottom-end" opened={opened} onChange={setOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {languages.map((code) => (
          <Menu.Item key={code} lang={code} onClick={() => onSelect(code)} aria-current={code === current}>
            {names[code]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
