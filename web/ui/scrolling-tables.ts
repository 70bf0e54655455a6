import type { MantineThemeComponent } from "@mantine/core";

/*
 * A wide table on a phone showed its first two columns with nothing to say more exist (touch screens hide scrollbars
 * until one scrolls). Every admin table scrolls in Table.ScrollContainer: its scrollbar stays shown, and a shadow on
 * the edge that hides columns (drawn by backgrounds that scroll with the content, so it goes when that edge is
 * reached) says there is more to swipe to. The theme's components, set once for every table.
 */
export const scrollingTables = {
  // A plain entry rather than Table.ScrollContainer.extend(), which is the identity: importing Table here would put it,
  // its scroll area and floating-ui in the first chunk of every page, a guest's event page included.
  TableScrollContainer: {
    defaultProps: {
      scrollAreaProps: {
        type: "always",
        scrollbarSize: 10,
        // Keyboard users reach the table with Tab and scroll it with the arrow keys (WCAG 2.1.1).
        viewportProps: { tabIndex: 0 },
        styles: {
          viewport: {
            background: [
              "linear-gradient(to right, var(--mantine-color-body) 30%, transparent) left / 48px 100% no-repeat local",
              "linear-gradient(to left, var(--mantine-color-body) 30%, transparent) right / 48px 100% no-repeat local",
              "radial-gradient(farthest-side at 0 50%, rgba(0, 0, 0, 0.25), transparent) left / 16px 100% no-repeat scroll",
              "radial-gradient(farthest-side at 100% 50%, rgba(0, 0, 0, 0.25), transparent) right / 16px 100% no-repeat scroll",
            ].join(", "),
          },
        },
      },
    },
  } satisfies MantineThemeComponent,
};
