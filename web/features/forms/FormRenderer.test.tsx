// @vitest-environment jsdom
import { MantineProvider } from "@mantine/core";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { translate } from "../../../contract/error-messages";
import { type Answers, type FormItem, submissionViolations } from "../../../contract/forms";
import "../../ui/test-render";
import { FormRenderer, type FormRendererProps } from "./FormRenderer";
import { question } from "./public/public-forms.test-fixtures";

/** The renderer as a page uses it: answers kept in state, errors from the shared rules as the guest answers. */
function Harness({ items, ...rest }: { items: FormItem[] } & Partial<FormRendererProps>) {
  const [answers, setAnswers] = useState<Answers>(rest.answers ?? {});
  const { violations } = submissionViolations(items, answers, 5);
  const errors = Object.fromEntries(
    Object.entries(violations)
      .filter(([id]) => answers[id] !== undefined)
      .map(([id, message]) => [id, translate(message.code, "en", ...(message.values ?? []))]),
  );
  return (
    <MantineProvider>
      <FormRenderer
        language="en"
        ratingMax={5}
        errors={errors}
        {...rest}
        items={items}
        answers={answers}
        onAnswersChange={setAnswers}
      />
      <output data-testid="answers">{JSON.stringify(answers)}</output>
    </MantineProvider>
  );
}
const answersShown = () => JSON.parse(screen.getByTestId("answers").textContent ?? "{}");

afterEach(cleanup);

describe("FormRenderer", () => {
  it("renders every question type with its label, help text and required marker", () => {
    const items: FormItem[] = [
      { kind: "text", id: "t1", title: { en: "About you" }, description: { en: "Line one\nLine two" } },
      question("q1", "short_text", "Nickname", { required: true, help: { en: "As on your badge" } }),
      question("q2", "long_text", "Comments"),
      question("q3", "unique_choice", "Meal", { answers: ["Meat", "Fish"] }),
      question("q4", "dropdown", "Size", { answers: ["S", "M"] }),
      question("q5", "multiple_choice", "Workshops", { answers: ["A", "B"] }),
      question("q6", "date", "Arrival"),
      question("q7", "time", "Arrival time"),
      question("q8", "number", "Age", { validation: { min: 18, max: 99 } }),
      question("q9", "phone", "Mobile"),
      question("q10", "fr_identity_card", "Identity card"),
      question("q11", "passport", "Passport"),
      question("q12", "file", "CV"),
      question("q13", "rating", "Venue"),
    ];
    render(<Harness items={items} />);
    expect(screen.getByRole("heading", { name: "About you" })).toBeTruthy();
    expect(screen.getByText(/Line one/).textContent).toBe("Line one\nLine two");
    const nickname = screen.getByLabelText(/Nickname/) as HTMLInputElement;
    expect(nickname.required || screen.getByText("*")).toBeTruthy();
    const help = document.getElementById(nickname.getAttribute("aria-describedby")?.split(" ")[0] ?? "");
    expect(help?.textContent).toBe("As on your badge");
    for (const label of ["Comments", "Size", "Arrival", "Arrival time", "Age", "Mobile", "Identity card", "Passport"])
      expect(screen.getByLabelText(label)).toBeTruthy();
    expect(screen.getByLabelText("Arrival").getAttribute("type")).toBe("date");
    expect(screen.getByLabelText("Mobile").getAttribute("type")).toBe("tel");
    expect(screen.getByLabelText("Passport").getAttribute("maxlength")).toBe("9");
    expect(screen.getByText("Format: 04XXXXXXXX or +33XXXXXXXXX")).toBeTruthy();
    expect(screen.getByText("A number from 18 to 99")).toBeTruthy();
    expect(within(screen.getByRole("radiogroup", { name: "Meal" })).getAllByRole("radio")).toHaveLength(2);
    expect(within(screen.getByRole("group", { name: "Workshops" })).getAllByRole("checkbox")).toHaveLength(2);
    expect(screen.getByRole("radiogroup", { name: "Venue" })).toBeTruthy();
    // No uploadFile (the builder's preview): the file button is there, disabled.
    expect((screen.getByRole("button", { name: /CV/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("opens a conditional block live when its answer is chosen, and closes it again", () => {
    const items: FormItem[] = [
      question("meal", "unique_choice", "Meal", { answers: ["Meat", "Vegetarian"] }),
      {
        kind: "conditional",
        id: "c1",
        questionId: "meal",
        answerId: "meal-a2",
        items: [question("vegan", "unique_choice", "Vegan too?", { answers: ["Yes", "No"] })],
      },
    ];
    render(<Harness items={items} />);
    expect(screen.queryByRole("radiogroup", { name: "Vegan too?" })).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "Vegetarian" }));
    expect(screen.getByRole("radiogroup", { name: "Vegan too?" })).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Meat" }));
    expect(screen.queryByRole("radiogroup", { name: "Vegan too?" })).toBeNull();
  });

  it("disables an answer whose quota is filled and says so", () => {
    const items = [question("room", "unique_choice", "Room", { answers: ["Single", "Double"] })];
    render(<Harness items={items} filledAnswerIds={["room-a1"]} />);
    const single = screen.getByRole("radio", { name: "Single" }) as HTMLInputElement;
    expect(single.disabled).toBe(true);
    expect(screen.getByText("Quota is filled for this option.")).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Double" }) as HTMLInputElement).disabled).toBe(false);
  });

  it("rates with named radio buttons from 1 to the event's maximum", () => {
    render(<Harness items={[question("venue", "rating", "Venue")]} />);
    const group = screen.getByRole("radiogroup", { name: "Venue" });
    expect(within(group).getAllByRole("radio")).toHaveLength(5);
    fireEvent.click(within(group).getByRole("radio", { name: "4 of 5" }));
    expect(answersShown()).toEqual({ venue: 4 });
  });

  it("shows the selection hint and the too-many-answers error tied to the checkboxes", () => {
    const items = [
      question("ws", "multiple_choice", "Workshops", {
        answers: ["A", "B", "C"],
        selection: { min: null, max: 2, exact: null },
      }),
    ];
    render(<Harness items={items} />);
    expect(screen.getByText("Select at most 2 answers.")).toBeTruthy();
    for (const name of ["A", "B", "C"]) fireEvent.click(screen.getByRole("checkbox", { name }));
    const error = screen.getByText("Too many answers: select at most 2.");
    const group = screen.getByRole("group", { name: "Workshops" });
    expect(group.getAttribute("aria-describedby")).toContain(error.id);
    expect(screen.getByRole("checkbox", { name: "A" }).getAttribute("aria-invalid")).toBe("true");
  });

  it("shows a read-only question's value without an input", () => {
    const items = [question("meal", "unique_choice", "Meal", { readOnly: true, answers: ["Meat", "Fish"] })];
    render(<Harness items={items} answers={{ meal: "meal-a2" }} />);
    expect(screen.getByText("Fish")).toBeTruthy();
    expect(screen.queryByRole("radio")).toBeNull();
  });

  it("shuffles answers in random order once, and keeps that order while the guest answers", () => {
    const labels = Array.from({ length: 12 }, (_, index) => `Option ${index + 1}`);
    const items = [question("pick", "unique_choice", "Pick", { answers: labels, randomOrder: true })];
    render(<Harness items={items} />);
    const order = () => screen.getAllByRole("radio").map((radio) => radio.getAttribute("value"));
    const first = order();
    fireEvent.click(screen.getAllByRole("radio")[3] as HTMLElement);
    expect(order()).toEqual(first);
    expect(new Set(first).size).toBe(12);
  });

  it("uploads a file with progress, shows its name and size, and removes it", async () => {
    let report: (fraction: number) => void = () => {};
    let finish: () => void = () => {};
    const uploadFile = (file: File, onProgress: (fraction: number) => void) => {
      report = onProgress;
      return new Promise<{ id: string; name: string; size: number }>((resolve) => {
        finish = () => resolve({ id: "file1", name: file.name, size: 2048 });
      });
    };
    const { container } = render(<Harness items={[question("cv", "file", "CV")]} uploadFile={uploadFile} />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(["x"], "cv.pdf", { type: "application/pdf" })] } });
    const { act } = await import("@testing-library/react");
    act(() => report(0.5));
    expect(screen.getByRole("progressbar", { name: /CV/ }).getAttribute("aria-valuenow")).toBe("50");
    await act(async () => finish());
    expect(screen.getByText("cv.pdf (2 kB)")).toBeTruthy();
    expect(answersShown()).toEqual({ cv: "file1" });
    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    expect(answersShown()).toEqual({ cv: null });
  });
});
