/*
 * The layout check's probe (test/e2e/layout.ts), run inside the page: plain browser JavaScript, as the
 * tests' TypeScript has no DOM types. layout.ts evaluates this file and calls findLayoutProblems().
 */
/**
 * What is wrong with the layout as the page shows it now, in words: the page scrolling sideways,
 * and any button, link, tab, badge, label, input or select whose text is clipped, spills out of
 * its box or wraps onto a second line where it is meant to stay on one. Runs in the browser.
 * While a dialog is open only the top dialog is looked at (the page behind it was checked alone).
 */
// biome-ignore lint/correctness/noUnusedVariables: called by layout.ts after evaluating this file
function findLayoutProblems() {
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    problems.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth} px${widestCulprit(root.clientWidth)}`);
  }

  const dialogs = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')];
  const scope = dialogs.at(-1) ?? document;

  const describe = (el) => {
    const text = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || '').replace(/\s+/g, ' ').trim();
    return `<${el.tagName.toLowerCase()}> “${text.slice(0, 60)}”`;
  };
  const shown = (el) => {
    if (!(el instanceof HTMLElement) || el.getClientRects().length === 0) return false;
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) return false; // visually hidden text for screen readers
    return getComputedStyle(el).visibility === 'visible' && el.closest('.visually-hidden') === null;
  };

  /** How many lines the element's own text takes (its text nodes' line boxes, by their top edge). */
  const lineCount = (el) => {
    const tops = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || !shown(node.parentElement)) continue;
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width < 1) continue;
        if (!tops.some((top) => Math.abs(top - rect.top) < rect.height / 2)) tops.push(rect.top);
      }
    }
    return tops.length;
  };
  /** Controls whose content is inline (text, icons, a count): one line by design. Cards and list items made of blocks are not. */
  const singleLine = (el) =>
    [...el.querySelectorAll('*')].every((child) => {
      const display = getComputedStyle(child).display;
      return display === 'none' || display.startsWith('inline') || child.closest('svg') !== null;
    });

  const canvas = document.createElement('canvas').getContext('2d');
  const textWidth = (el, text) => {
    const style = getComputedStyle(el);
    canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return canvas.measureText(text).width;
  };
  const contentWidth = (el) => {
    const style = getComputedStyle(el);
    return el.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
  };

  const controls = 'button, a, label, [role="tab"], [role="button"], summary';
  for (const el of scope.querySelectorAll('*')) {
    if (!shown(el)) continue;
    const style = getComputedStyle(el);
    if (style.display === 'inline' || style.display === 'contents') continue; // links inside a sentence wrap with it
    if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue; // a box that scrolls on purpose

    if (el.matches('input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="range"], [type="file"], [type="date"])')) {
      const input = el;
      const text = input.value || input.placeholder;
      const needed = textWidth(el, text);
      if (text && needed > contentWidth(el) + 1)
        problems.push(`${describe(el)} shows “${text}” in ${Math.round(contentWidth(el))} px, it needs ${Math.ceil(needed)} px`);
      continue;
    }
    if (el instanceof HTMLSelectElement) {
      const text = el.selectedOptions[0]?.textContent ?? '';
      const needed = textWidth(el, text);
      if (needed > contentWidth(el) + 1)
        problems.push(`<select> shows “${text}” in ${Math.round(contentWidth(el))} px, it needs ${Math.ceil(needed)} px`);
      continue;
    }

    const isControl = el.matches(controls);
    const nowrap = style.whiteSpace === 'nowrap' || style.whiteSpace === 'pre';
    if (!isControl && !nowrap) continue;
    if (![...el.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) && !isControl) continue;
    if (nowrap && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      problems.push(`${describe(el)} is clipped or spills out: its text needs ${el.scrollWidth} px of ${el.clientWidth} px`);
    // A control inside a heading (a card's name as a button) is the heading's text and wraps as it does.
    else if (isControl && el.tagName !== 'LABEL' && !el.closest('h1, h2, h3, h4, h5, h6') && singleLine(el) && lineCount(el) > 1)
      problems.push(`${describe(el)} wraps onto ${lineCount(el)} lines`);
    else if (
      el.tagName === 'LABEL' &&
      el.control?.matches('input:not([type="checkbox"], [type="radio"]), select, textarea') &&
      lineCount(el) > 1
    )
      problems.push(`${describe(el)} wraps onto ${lineCount(el)} lines`);
  }
  return [...new Set(problems)];
}

/**
 * The element that pokes out furthest past the viewport's right edge (outside any box that scrolls
 * or clips it), named by its tag, class and text, for the failure message.
 */
function widestCulprit(viewportWidth) {
  let culprit = null;
  let right = viewportWidth;
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.right <= right) continue;
    const position = getComputedStyle(element).position;
    if (position === 'fixed') continue;
    // A box that scrolls or clips holds its descendants, but an absolutely positioned one only from its
    // containing block (the nearest positioned ancestor) up: one in between does not hold it.
    let escaping = position === 'absolute';
    let clipped = false;
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (escaping && style.position === 'static') continue;
      if (style.overflowX !== 'visible') {
        clipped = true;
        break;
      }
      escaping = style.position === 'absolute';
    }
    if (clipped) continue;
    culprit = element;
    right = box.right;
  }
  if (!culprit) return '';
  const name = `${culprit.tagName.toLowerCase()}${culprit.classList.length > 0 ? `.${[...culprit.classList].join('.')}` : ''}`;
  return ` (${name} "${(culprit.textContent ?? '').trim().slice(0, 40)}" ends at ${Math.round(right)} px)`;
}
