// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { FormStatistics } from "../../../contract/forms";
import { cardOf, rowTexts } from "../../ui/test-render";
import { FormStatisticsPage } from "./FormStatisticsPage";
import { event, formsPath, openFormsPage, savedForm } from "./forms.test-fixtures";

const statistics: FormStatistics = {
  submissionCount: 7,
  byDay: [
    { day: "2026-03-02", count: 3 },
    { day: "2026-03-03", count: 0 },
    { day: "2026-03-04", count: 4 },
  ],
  questions: [
    {
      questionId: "diet",
      name: "Diet",
      type: "unique_choice",
      answered: 6,
      distribution: [
        { key: "veg", label: "Vegetarian", count: 4 },
        { key: "all", label: "Everything", count: 2 },
      ],
      average: null,
    },
    {
      questionId: "venue",
      name: "Venue",
      type: "rating",
      answered: 4,
      distribution: [
        { key: "4", label: "4", count: 3 },
        { key: "5", label: "5", count: 1 },
      ],
      average: 4.25,
    },
  ],
};

const open = (body: FormStatistics = statistics) =>
  openFormsPage(
    [{ path: "events/:eventId/forms/:formId/statistics", element: <FormStatisticsPage /> }],
    `/en/admin/events/${event.id}/forms/${savedForm().id}/statistics`,
    { statistics: body },
  );

afterEach(cleanup);

describe("form statistics", () => {
  it("shows submissions over time as a chart and a table, each question's answers and the ratings average", async () => {
    const { calls } = open();
    expect(await screen.findByText("7 submissions")).toBeTruthy();
    expect(screen.getByText("Gala registration")).toBeTruthy();
    expect(calls.some((call) => call.path === `${formsPath}/${savedForm().id}/statistics?language=en`)).toBe(true);

    // Over time: a bar per day, the same figures as a table on demand.
    const chart = screen.getByRole("img", { name: /over 3 days, at most 4 a day/ });
    expect(within(chart).getByText("Mar 2")).toBeTruthy();
    expect(within(chart).getByText("Mar 4")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Show as a table" }));
    const overTime = within(cardOf("Submissions over time")).getByRole("table");
    expect(rowTexts(overTime)).toEqual([
      ["Mar 2", "3"],
      ["Mar 3", "0"],
      ["Mar 4", "4"],
    ]);
    expect(screen.queryByRole("img", { name: /Bar chart/ })).toBeNull();

    // A choice question: how many chose each answer, and their share of those who answered.
    const diet = cardOf("Diet", 3);
    expect(within(diet).getByText("Unique choice")).toBeTruthy();
    expect(within(diet).getByText("Answered by 6 of 7")).toBeTruthy();
    expect(rowTexts(within(diet).getByRole("table"))).toEqual([
      ["Vegetarian", "4 (67%)"],
      ["Everything", "2 (33%)"],
    ]);
    // The bars beside are for the eye (hidden from screen readers, which read the figures).
    const bars = [...diet.querySelectorAll<HTMLElement>("td[aria-hidden] > div > div")].map((bar) => bar.style.width);
    expect(bars.map((width) => Math.round(Number.parseFloat(width)))).toEqual([67, 33]);
    expect(within(diet).queryByText(/Average rating/)).toBeNull();

    // A rating question: its average beside its distribution.
    const venue = cardOf("Venue", 3);
    expect(within(venue).getByText("Average rating: 4.25")).toBeTruthy();
    expect(within(venue).getByText("Answered by 4 of 7")).toBeTruthy();
    expect(rowTexts(within(venue).getByRole("table"))).toEqual([
      ["4", "3 (75%)"],
      ["5", "1 (25%)"],
    ]);
  });

  it("says when there is no submission yet, without charts", async () => {
    open({ submissionCount: 0, byDay: [], questions: [] });
    expect(await screen.findByText("No submission yet.")).toBeTruthy();
    expect(screen.getByText("0 submissions")).toBeTruthy();
    expect(screen.queryByText("Submissions over time")).toBeNull();
  });
});
