// Issue 18 item 5: the Transcribe panel in Simplified Chinese, on an OS whose language is Chinese: empty, a
// language named in Chinese, a file dropped and transcribed by the fake gateway, the transcript with its
// segments and waveform, and the export menu open. Screenshots `zh-transcribe-*` are looked at by a person.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './harness.ts';
import { expectDone, queueItem } from './transcribe-helpers.ts';

test('the Transcribe panel in Chinese: empty, a file transcribed, its transcript and the export menu', async ({
  startApp,
  fakeGateway,
}) => {
  const folder = mkdtempSync(join(tmpdir(), 'gs-chinese-transcribe-'));
  const wav = join(folder, 'meeting-notes.wav');
  execFileSync('espeak-ng', ['-w', wav, 'Good morning everyone. Let us review the plan for this week.']);
  try {
    const app = await startApp({
      gateway: { baseUrl: fakeGateway.baseUrl, apiKey: fakeGateway.apiKey },
      systemLanguages: ['zh-CN'],
    });
    const { page } = app;
    const panel = page.getByTestId('transcribe-panel');
    await expect(panel).toBeVisible();

    // Empty: what the panel does, its buttons, options and lists.
    const empty = page.getByTestId('empty-transcribe');
    await expect(empty.getByText('把语音转成文字')).toBeVisible();
    await expect(empty.getByText('边听边看')).toBeVisible();
    await expect(panel.getByRole('button', { name: '添加文件…' })).toBeVisible();
    await expect(page.getByTestId('record-button')).toHaveText('录音');
    await expect(page.getByTestId('transcribe-tab-queue')).toHaveText('队列');
    await expect(page.getByTestId('transcribe-tab-history')).toHaveText('历史');
    await expect(page.getByTestId('queue-empty')).toContainText('队列为空');
    // A language typed as its code reads back in Chinese.
    const options = page.getByTestId('transcribe-options');
    const language = options.getByLabel('语言', { exact: true });
    await language.fill('de');
    await language.blur();
    await expect(language).toHaveValue('德语 (de)');
    await expect(options.getByRole('radio', { name: '分段' })).toBeChecked();
    await app.screenshot('zh-transcribe-empty');

    // A file dropped on the panel, transcribed by the fake gateway; the first result opens by itself.
    const dataTransfer = await page.evaluateHandle((base64) => {
      const transfer = new DataTransfer();
      const binary = atob(base64);
      const bytes = new Uint8Array(binary.length);
      for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
      transfer.items.add(new File([bytes], 'meeting-notes.wav', { type: 'audio/wav' }));
      return transfer;
    }, readFileSync(wav).toString('base64'));
    const target = panel.locator('.transcribe-layout');
    await target.dispatchEvent('dragenter', { dataTransfer });
    await target.dispatchEvent('dragover', { dataTransfer });
    await expect(page.getByTestId('drop-overlay')).toContainText('松开即可转写音频');
    await target.dispatchEvent('drop', { dataTransfer });
    await expectDone(page, 'meeting-notes.wav');
    await expect(queueItem(page, 'meeting-notes.wav').getByTestId('queue-item-status')).toHaveText('已完成');
    await expect(page.getByTestId('status-region')).toHaveText('转写完成：meeting-notes.wav');

    // The transcript: its facts, segments and waveform.
    const view = page.getByTestId('transcript-view');
    await expect(page.getByTestId('transcript-title')).toHaveText('meeting-notes.wav');
    await expect(view.getByRole('list', { name: '关于此转写' })).toContainText('转写');
    await expect(view.getByRole('list', { name: '关于此转写' })).toContainText('德语');
    await expect(page.getByTestId('copy-transcript')).toHaveText('全部复制');
    await expect(page.getByTestId('transcript-segment').first()).toBeVisible();
    await expect(view.getByRole('list', { name: '转写分段' })).toBeVisible();
    await expect(page.getByTestId('waveform')).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
    await expect(page.getByTestId('waveform-play')).toHaveAttribute('title', '播放（空格）');
    await app.screenshot('zh-transcribe-transcript');

    // The export menu, open.
    await page.getByTestId('export-menu').click();
    const menu = page.getByRole('menu', { name: '导出为' });
    await expect(menu.getByRole('menuitem', { name: /纯文本/ })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: /SubRip 字幕/ })).toBeVisible();
    await app.screenshot('zh-transcribe-export');
    await page.keyboard.press('Escape');
    expect(app.consoleErrors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
