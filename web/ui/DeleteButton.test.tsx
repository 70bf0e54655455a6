// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api/client";
import { DeleteButton } from "./DeleteButton";
import { renderPage } from "./test-render";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(onDelete: () => Promise<unknown>) {
  renderPage(
    [
      {
        path: "rows",
        element: <DeleteButton label="Delete Hall B" question="Delete the session Hall B?" onDelete={onDelete} />,
      },
    ],
    { url: "/en/admin/rows" },
  );
  return screen.getByRole("button", { name: "Delete Hall B" });
}

describe("delete button", () => {
  it("deletes nothing unless the organizer confirms", () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal("confirm", confirm);
    const onDelete = vi.fn(() => Promise.resolve());
    fireEvent.click(open(onDelete));
    expect(confirm).toHaveBeenCalledWith("Delete the session Hall B?");
    expect(onDelete).not.toHaveBeenCalled();
  });

  it("deletes once confirmed, and shows the server's refusal in the page's alert", async () => {
    vi.stubGlobal("confirm", () => true);
    const onDelete = vi.fn(() => Promise.reject(new ApiError(409, "in_use", "The session has check-ins.")));
    fireEvent.click(open(onDelete));
    expect(onDelete).toHaveBeenCalledOnce();
    expect((await screen.findByRole("alert")).textContent).toContain("The session has check-ins.");
  });
});
