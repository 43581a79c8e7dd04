package dev.durable.dashboard;

import gg.jte.Content;
import gg.jte.html.HtmlTemplateOutput;
import gg.jte.html.OwaspHtmlTemplateOutput;
import gg.jte.output.StringOutput;
import java.util.function.Consumer;

/**
 * The pages' templates ({@code src/main/jte/*.jte}), one method each. jte compiles every template
 * at build time to a class here ({@code Jte<name>Generated}, in generated-sources) with a static
 * {@code render} method taking the template's {@code @param}s; these methods call it directly, so
 * nothing is looked up or compiled at run time. Each {@code ${...}} is HTML-escaped by jte's
 * {@link OwaspHtmlTemplateOutput} for its place (text or attribute value), and a URL attribute
 * such as {@code href} refuses a {@code javascript:} value.
 *
 * <p>The same facade is what jte's {@code jte-models} extension would generate; it is not served
 * here, and written by hand it is one line per template.
 */
final class Templates {
  private Templates() {}

  static String error(Frame frame, String message) {
    return render(out -> JteerrorGenerated.render(out, null, frame, message));
  }

  static String login(Frame frame, LoginPage page) {
    return render(out -> JteloginGenerated.render(out, null, frame, page));
  }

  /** A page whose content is still made by {@link Html}, in the frame. */
  static String page(Frame frame, Html.Safe content) {
    Content fragment = out -> out.writeContent(content.html());
    return render(out -> JtelayoutGenerated.render(out, null, frame, fragment));
  }

  private static String render(Consumer<HtmlTemplateOutput> template) {
    StringOutput text = new StringOutput(8192);
    template.accept(new OwaspHtmlTemplateOutput(text));
    return text.toString();
  }
}
