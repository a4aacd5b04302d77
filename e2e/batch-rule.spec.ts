// One rule for conversions at once, as the studio states it: each image of a batch is one, so a selection
// larger than the account's limit (generation.max_in_flight, 3) says so before Generate; the api refuses
// such a batch with the same rule and charges nothing.

import sharp from 'sharp';
import { newIdentity, signInThroughDialog, signUpByApi } from './support/accounts.ts';
import { balanceOf, grantCredits } from './support/credits.ts';
import { expect, test } from './support/test.ts';

test('four images: the studio states the limit, and the api refuses with the same rule', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const who = newIdentity('batch-rule');
  const id = await signUpByApi(baseURL!, who);
  await grantCredits(id, 500);
  await page.goto('/app');
  await signInThroughDialog(page, who.email, who.password);
  await expect(page.getByTestId('studio-credits')).toHaveText('500');

  const sample = await (await fetch(`${baseURL}/samples/demo-2.png`)).arrayBuffer();
  const files = await Promise.all(
    [40, 90, 140, 190].map(async (r, i) => ({
      name: `part-${i + 1}.png`,
      mimeType: 'image/png',
      buffer: await sharp(sample)
        .tint({ r, g: 120, b: 200 - r })
        .png()
        .toBuffer(),
    })),
  );
  await page.getByTestId('upload-input').setInputFiles(files);
  await expect(page.getByTestId('batch-count')).toHaveText('Batch: 4 images selected, one conversion each.');
  await expect(page.getByTestId('batch-limit')).toHaveText(
    'At most 3 conversions can run at once, and each image of a batch is one: choose at most 3 images.',
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId('batch-limit').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`batch-limit-${width}.png`) });
  }

  await page.getByTestId('generate-button').click();
  await expect(
    page
      .getByText(
        'At most 3 conversions can run at once, and each image of a batch is one: 0 running now, so at most 3 more can start. Please choose fewer images or wait for one to finish.',
      )
      .last(),
  ).toBeVisible();
  expect(await balanceOf(id)).toBe(500);
});
