import { describe, expect, it } from 'vitest';
import { sanitizeStoryHtml, storyFromPlainText } from '../../server/services/story-html';

const link = (href: string, text: string) => `<a href="${href}" rel="noopener noreferrer nofollow" target="_blank">${text}</a>`;

describe('sanitizeStoryHtml', () => {
  it('keeps the rich-text vocabulary of a story', () => {
    const story =
      '<h2>Quem somos</h2><p>Somos <strong>doze</strong> <b>voluntárias</b>, <em>todas</em> <i>vizinhas</i>, <u>juntas</u>.<br>Desde 2020.</p>' +
      '<h3>Metas</h3><ul><li>Arroz</li></ul><ol><li>Feijão</li></ol><blockquote>Ninguém fica com fome.</blockquote>';
    expect(sanitizeStoryHtml(story)).toBe(story.replace('<br>', '<br />'));
  });

  it('removes scripts, styles and embedded content with their insides', () => {
    expect(sanitizeStoryHtml('<p>Olá<script>alert(1)</script></p><style>p{color:red}</style>')).toBe('<p>Olá</p>');
    expect(sanitizeStoryHtml('<iframe src="https://evil.example">x</iframe><object data="x">y</object><noscript>z</noscript>')).toBe('');
    expect(sanitizeStoryHtml('<svg><script>alert(1)</script></svg><math><mi>x</mi></math>')).not.toMatch(/<|alert/);
  });

  it("removes event handlers, style and class attributes, and images that are not the editor's uploads", () => {
    expect(sanitizeStoryHtml('<p onclick="alert(1)" style="color:red" class="x" id="y">Texto</p>')).toBe('<p>Texto</p>');
    expect(sanitizeStoryHtml('<img src="x" onerror="alert(1)">Depois')).toBe('Depois');
    expect(sanitizeStoryHtml('<img src="https://evil.example/pixel.gif">Depois')).toBe('Depois');
    expect(sanitizeStoryHtml('<img src="/img/story-images/../../etc.webp">Depois')).toBe('Depois');
    const ours = '/img/story-images/0b7f1c2e-4d5a-4b6c-8d9e-0f1a2b3c4d5e.webp';
    expect(sanitizeStoryHtml(`<img src="${ours}" alt="Leitura" onerror="alert(1)" width="9000">`)).toBe(
      `<img src="${ours}" alt="Leitura" loading="lazy" />`,
    );
    expect(sanitizeStoryHtml('<strong onmouseover="alert(1)">forte</strong>')).toBe('<strong>forte</strong>');
  });

  it('keeps the text of tags outside the vocabulary', () => {
    expect(sanitizeStoryHtml('<div><span>texto</span> <h1>título</h1> <table><tr><td>célula</td></tr></table></div>')).toBe(
      'texto título célula',
    );
  });

  it('keeps http, https and mailto links, opening in a new tab without referrer or ranking', () => {
    expect(sanitizeStoryHtml('<a href="https://semear.org/x?a=1&b=2" target="_self" rel="opener">site</a>')).toBe(
      link('https://semear.org/x?a=1&amp;b=2', 'site'),
    );
    expect(sanitizeStoryHtml('<a href="http://exemplo.com">http</a>')).toBe(link('http://exemplo.com', 'http'));
    expect(sanitizeStoryHtml('<a href="mailto:contato@semear.org">mail</a>')).toBe(link('mailto:contato@semear.org', 'mail'));
  });

  it('drops links to anything else and keeps their text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' java\tscript:alert(1)',
      'jav&#x09;ascript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'vbscript:x',
      '//evil.example',
      '/relativo',
      '#ancora',
    ]) {
      expect(sanitizeStoryHtml(`<p><a href="${href}">clique</a></p>`), href).toBe('<p>clique</p>');
    }
    expect(sanitizeStoryHtml('<a>sem endereço</a>')).toBe('sem endereço');
  });

  it('escapes stray markup characters and quotes in attributes', () => {
    expect(sanitizeStoryHtml('<p>5 < 6 & "aspas"</p>')).toBe('<p>5 &lt; 6 &amp; "aspas"</p>');
    expect(sanitizeStoryHtml('<a href="https://x.org/&quot;onmouseover=&quot;alert(1)">x</a>')).toBe(
      link('https://x.org/"onmouseover="alert(1)'.replace(/"/g, '&quot;'), 'x'),
    );
    expect(sanitizeStoryHtml('<p>a</p><!-- comentário --><p>b</p>')).toBe('<p>a</p><p>b</p>');
  });
});

describe('storyFromPlainText', () => {
  it('turns paragraphs separated by blank lines into escaped <p>, single newlines into <br />', () => {
    expect(storyFromPlainText('Primeiro <b>parágrafo</b> & "mais".\n\n\nSegundo\nlinha dois\r\n\r\nTerceiro')).toBe(
      '<p>Primeiro &lt;b&gt;parágrafo&lt;/b&gt; &amp; &quot;mais&quot;.</p>\n<p>Segundo<br />linha dois</p>\n<p>Terceiro</p>',
    );
  });

  it('gives nothing for blank text, and its output survives the sanitiser unchanged', () => {
    expect(storyFromPlainText('  \n\n  ')).toBe('');
    const html = storyFromPlainText('Um <script>alert(1)</script>\n\nDois');
    expect(sanitizeStoryHtml(html)).toBe(html.replace(/&quot;/g, '"'));
    expect(html).not.toContain('<script>');
  });
});
