import PDFDocument from "pdfkit";
import type { Language } from "../../../../contract/common.js";
import { dayText, money, percentText } from "./documents.format.js";
import type { DocumentSnapshot } from "./invoices.tables.js";

/*
 * The PDF of an invoice or a credit note, drawn from its frozen snapshot alone: the same document every time it is
 * asked for. pdfkit's standard fonts (Helvetica, WinAnsi) draw French and Spanish accents and the euro sign.
 */

const texts = {
  en: {
    invoice: "INVOICE",
    credit_note: "CREDIT NOTE",
    test: "TEST - issued in test mode, not a valid document",
    number: "Number",
    date: "Date of issue",
    corrects: "Corrects invoice",
    event: "Event",
    seller: "Seller",
    billedTo: "Billed to",
    siret: "SIRET",
    vatNumber: "VAT number",
    capital: "with a share capital of",
    noSeller: "Billing information of the organizer not provided",
    description: "Description",
    quantity: "Qty",
    unitExcl: "Unit price excl. tax",
    unit: "Unit price",
    vat: "VAT",
    totalExcl: "Total excl. tax",
    totalIncl: "Total incl. tax",
    total: "Total",
    option: "option",
    discount: "Discount per unit",
    coupons: "Coupons",
    breakdown: "VAT breakdown",
    rate: "Rate",
    base: "Base excl. tax",
    vatAmount: "VAT",
    noVat: "No VAT",
    totalVat: "Total VAT",
    paid: (method: string, date: string) => `Paid by ${method} on ${date}.`,
    refunded: (date: string) => `Refunded on ${date}.`,
    methods: { card: "card", bankTransfer: "bank transfer", cheque: "cheque", other: "another method" },
    notSubject: "TVA non applicable, art. 293 B du CGI (VAT not applicable).",
    margin: "Régime particulier - agences de voyages (VAT on margin, not deductible).",
    latePayment:
      "Late payment: penalties at three times the French legal interest rate, and a fixed recovery fee of 40 EUR " +
      "(art. L441-10 and D441-5 of the French Commercial Code). No discount for early payment.",
  },
  fr: {
    invoice: "FACTURE",
    credit_note: "AVOIR",
    test: "TEST - émis en mode test, document sans valeur",
    number: "Numéro",
    date: "Date d'émission",
    corrects: "Avoir sur la facture",
    event: "Événement",
    seller: "Vendeur",
    billedTo: "Facturé à",
    siret: "SIRET",
    vatNumber: "N° TVA intracommunautaire",
    capital: "au capital de",
    noSeller: "Informations de facturation de l'organisateur non renseignées",
    description: "Désignation",
    quantity: "Qté",
    unitExcl: "Prix unitaire HT",
    unit: "Prix unitaire",
    vat: "TVA",
    totalExcl: "Total HT",
    totalIncl: "Total TTC",
    total: "Total",
    option: "option",
    discount: "Remise par unité",
    coupons: "Codes promo",
    breakdown: "Détail de la TVA",
    rate: "Taux",
    base: "Base HT",
    vatAmount: "TVA",
    noVat: "Sans TVA",
    totalVat: "Total TVA",
    paid: (method: string, date: string) => `Payée par ${method} le ${date}.`,
    refunded: (date: string) => `Remboursé le ${date}.`,
    methods: { card: "carte bancaire", bankTransfer: "virement", cheque: "chèque", other: "un autre moyen" },
    notSubject: "TVA non applicable, art. 293 B du CGI.",
    margin: "Régime particulier - agences de voyages.",
    latePayment:
      "En cas de retard de paiement : pénalités au taux de trois fois le taux d'intérêt légal, et indemnité " +
      "forfaitaire pour frais de recouvrement de 40 € (art. L441-10 et D441-5 du Code de commerce). Pas d'escompte " +
      "pour paiement anticipé.",
  },
  es: {
    invoice: "FACTURA",
    credit_note: "FACTURA RECTIFICATIVA",
    test: "TEST - emitida en modo de prueba, documento sin validez",
    number: "Número",
    date: "Fecha de emisión",
    corrects: "Rectifica la factura",
    event: "Evento",
    seller: "Vendedor",
    billedTo: "Facturado a",
    siret: "SIRET",
    vatNumber: "N.º IVA",
    capital: "con un capital social de",
    noSeller: "Datos de facturación del organizador no indicados",
    description: "Descripción",
    quantity: "Cant.",
    unitExcl: "Precio unitario sin IVA",
    unit: "Precio unitario",
    vat: "IVA",
    totalExcl: "Total sin IVA",
    totalIncl: "Total con IVA",
    total: "Total",
    option: "opción",
    discount: "Descuento por unidad",
    coupons: "Cupones",
    breakdown: "Desglose del IVA",
    rate: "Tipo",
    base: "Base imponible",
    vatAmount: "IVA",
    noVat: "Sin IVA",
    totalVat: "Total IVA",
    paid: (method: string, date: string) => `Pagada con ${method} el ${date}.`,
    refunded: (date: string) => `Reembolsada el ${date}.`,
    methods: { card: "tarjeta", bankTransfer: "transferencia", cheque: "cheque", other: "otro medio" },
    notSubject: "TVA non applicable, art. 293 B du CGI (IVA no aplicable).",
    margin: "Régime particulier - agences de voyages (régimen especial de agencias de viajes).",
    latePayment:
      "En caso de retraso en el pago: penalizaciones al triple del tipo de interés legal francés e indemnización fija " +
      "de 40 EUR por gastos de cobro (art. L441-10 y D441-5 del Código de Comercio francés). Sin descuento por pronto pago.",
  },
} satisfies Record<Language, unknown>;

const pageBottom = 780;
const left = 50;
const width = 495;

/** The bytes of a finished pdfkit document. */
export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

/** An A4 document dated `at`: its metadata carry no "now", so the same content gives the same file. */
export function newPdf(title: string, at: Date) {
  return new PDFDocument({
    size: "A4",
    margin: left,
    info: { Title: title, Producer: "Eventdesk", Creator: "Eventdesk", CreationDate: at, ModDate: at },
  });
}

type Column = { label: string; width: number; align: "left" | "right" };

/** One row of cells on one line (the first cell wraps), a new page when the row would not fit. */
function row(doc: PDFKit.PDFDocument, columns: Column[], cells: string[], options: { bold?: boolean } = {}) {
  doc.font(options.bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
  const height = Math.max(
    ...cells.map((cell, index) => doc.heightOfString(cell, { width: (columns[index]?.width ?? 0) - 6 })),
  );
  if (doc.y + height > pageBottom) doc.addPage();
  const top = doc.y;
  let x = left;
  cells.forEach((cell, index) => {
    const column = columns[index];
    if (!column) return;
    doc.text(cell, x + 3, top, { width: column.width - 6, align: column.align });
    x += column.width;
  });
  doc.x = left;
  doc.y = top + height + 4;
}

function rule(doc: PDFKit.PDFDocument) {
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.5)
    .strokeColor("#9aa5b1")
    .stroke();
  doc.y += 4;
}

function paragraph(doc: PDFKit.PDFDocument, text: string, options: { bold?: boolean; size?: number } = {}) {
  doc
    .font(options.bold ? "Helvetica-Bold" : "Helvetica")
    .fontSize(options.size ?? 9)
    .fillColor("#102a43");
  if (doc.y + doc.heightOfString(text, { width }) > pageBottom) doc.addPage();
  doc.text(text, left, doc.y, { width });
}

/** The seller's identity and the French legal mentions that go with it. */
function sellerLines(seller: NonNullable<DocumentSnapshot["seller"]>, t: (typeof texts)[Language], language: Language) {
  const capital =
    seller.shareCapitalCents !== null ? ` ${t.capital} ${money(seller.shareCapitalCents, "EUR", language)}` : "";
  return [
    seller.corporateName,
    ...(seller.legalStructure || capital ? [`${seller.legalStructure}${capital}`.trim()] : []),
    seller.street,
    `${seller.zipCode} ${seller.city}`,
    `${t.siret} ${seller.siret}`,
    ...(seller.rcsNumber ? [seller.rcsNumber] : []),
    ...(seller.vatNumber ? [`${t.vatNumber} ${seller.vatNumber}`] : []),
  ];
}

export async function renderDocumentPdf(snapshot: DocumentSnapshot): Promise<Buffer> {
  const language = snapshot.language;
  const t = texts[language];
  const amount = (cents: number) => money(cents, snapshot.currency, language);
  const issuedAt = new Date(snapshot.issuedAt);
  const doc = newPdf(`${t[snapshot.kind]} ${snapshot.number}`, issuedAt);
  const withVat = snapshot.seller?.vatStatus === "subject";

  doc.font("Helvetica-Bold").fontSize(20).fillColor("#102a43").text(t[snapshot.kind], left, 50);
  if (snapshot.testMode) doc.font("Helvetica-Bold").fontSize(11).fillColor("#b42318").text(t.test);
  doc.moveDown(0.5);
  paragraph(doc, `${t.number}: ${snapshot.number}`, { bold: true, size: 10 });
  paragraph(doc, `${t.date}: ${dayText(snapshot.issuedAt, language)}`);
  if (snapshot.invoiceNumber) paragraph(doc, `${t.corrects}: ${snapshot.invoiceNumber}`);
  paragraph(doc, `${t.event}: ${snapshot.eventName}`);
  doc.moveDown();

  // Seller on the left, buyer on the right.
  const top = doc.y;
  const sellerText = snapshot.seller ? sellerLines(snapshot.seller, t, language) : [t.noSeller];
  doc.font("Helvetica-Bold").fontSize(9).text(t.seller, left, top, { width: 240 });
  doc.font("Helvetica").text(sellerText.join("\n"), { width: 240 });
  const sellerBottom = doc.y;
  const { buyer } = snapshot;
  const buyerText = [
    buyer.name,
    buyer.address,
    `${buyer.zip} ${buyer.city}`.trim(),
    ...(buyer.siret ? [`${t.siret} ${buyer.siret}`] : []),
  ].filter(Boolean);
  doc.font("Helvetica-Bold").text(t.billedTo, 305, top, { width: 240 });
  doc.font("Helvetica").text(buyerText.join("\n"), { width: 240 });
  doc.x = left;
  doc.y = Math.max(sellerBottom, doc.y) + 20;

  // Lines: with VAT, prices before taxes and each line's rate; without, the prices paid.
  const columns: Column[] = withVat
    ? [
        { label: t.description, width: 185, align: "left" },
        { label: t.quantity, width: 40, align: "right" },
        { label: t.unitExcl, width: 75, align: "right" },
        { label: t.vat, width: 45, align: "right" },
        { label: t.totalExcl, width: 75, align: "right" },
        { label: t.totalIncl, width: 75, align: "right" },
      ]
    : [
        { label: t.description, width: 265, align: "left" },
        { label: t.quantity, width: 50, align: "right" },
        { label: t.unit, width: 90, align: "right" },
        { label: t.total, width: 90, align: "right" },
      ];
  row(
    doc,
    columns,
    columns.map((column) => column.label),
    { bold: true },
  );
  rule(doc);
  for (const line of snapshot.lines) {
    const caption = [
      line.isOption ? `${line.caption} (${t.option})` : line.caption,
      ...(line.discountInclTaxCents !== 0 ? [`${t.discount}: ${amount(-line.discountInclTaxCents)}`] : []),
    ].join("\n");
    const rate = line.taxPercent === null ? "-" : percentText(line.taxPercent, language);
    row(
      doc,
      columns,
      withVat
        ? [
            caption,
            String(line.quantity),
            amount(line.unitExclTaxCents),
            rate,
            amount(line.totalExclTaxCents),
            amount(line.totalInclTaxCents),
          ]
        : [caption, String(line.quantity), amount(line.unitInclTaxCents), amount(line.totalInclTaxCents)],
    );
  }
  rule(doc);
  if (snapshot.coupons.length > 0) {
    paragraph(doc, `${t.coupons}: ${snapshot.coupons.map((c) => `${c.code} (${amount(-c.cents)})`).join(", ")}`);
    doc.moveDown(0.5);
  }

  if (withVat) {
    doc.moveDown(0.5);
    paragraph(doc, t.breakdown, { bold: true });
    const breakdown: Column[] = [
      { label: t.rate, width: 120, align: "left" },
      { label: t.base, width: 125, align: "right" },
      { label: t.vatAmount, width: 125, align: "right" },
      { label: t.totalIncl, width: 125, align: "right" },
    ];
    row(
      doc,
      breakdown,
      breakdown.map((column) => column.label),
      { bold: true },
    );
    for (const tax of snapshot.taxes) {
      row(doc, breakdown, [
        tax.taxPercent === null ? t.noVat : percentText(tax.taxPercent, language),
        amount(tax.exclCents),
        amount(tax.taxCents),
        amount(tax.inclCents),
      ]);
    }
    doc.moveDown(0.5);
  }

  const totals: Column[] = [
    { label: "", width: 345, align: "right" },
    { label: "", width: 150, align: "right" },
  ];
  if (withVat) {
    row(doc, totals, [t.totalExcl, amount(snapshot.totalExclTaxCents)]);
    row(doc, totals, [t.totalVat, amount(snapshot.totalInclTaxCents - snapshot.totalExclTaxCents)]);
    row(doc, totals, [t.totalIncl, amount(snapshot.totalInclTaxCents)], { bold: true });
  } else {
    row(doc, totals, [t.total, amount(snapshot.totalInclTaxCents)], { bold: true });
  }
  doc.moveDown();

  if (snapshot.kind === "invoice" && snapshot.paidAt) {
    paragraph(doc, t.paid(t.methods[snapshot.paymentMethod], dayText(snapshot.paidAt, language)));
  } else if (snapshot.kind === "credit_note") {
    paragraph(doc, t.refunded(dayText(snapshot.issuedAt, language)));
  }
  doc.moveDown();
  if (snapshot.seller?.vatStatus === "not_subject") paragraph(doc, t.notSubject, { bold: true });
  if (snapshot.seller?.vatStatus === "margin") paragraph(doc, t.margin, { bold: true });
  // Code de commerce L441-9: mandatory between professionals.
  if (buyer.kind === "company") {
    doc.moveDown(0.5);
    paragraph(doc, t.latePayment);
  }
  if (snapshot.seller?.legalMentions.trim()) {
    doc.moveDown(0.5);
    paragraph(doc, snapshot.seller.legalMentions.trim());
  }
  return pdfBuffer(doc);
}
