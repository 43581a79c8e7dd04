package dev.durable.dashboard;

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

  static String runs(Frame frame, RunsPage page) {
    return render(out -> JterunsGenerated.render(out, null, frame, page));
  }

  static String run(Frame frame, RunPage page) {
    return render(out -> JterunGenerated.render(out, null, frame, page));
  }

  static String overview(Frame frame, OverviewPage page) {
    return render(out -> JteoverviewGenerated.render(out, null, frame, page));
  }

  /** The overview's chart alone, an {@code <svg>} element: for its tests. */
  static String overviewChart(OverviewChart chart) {
    return render(out -> JteoverviewchartGenerated.render(out, null, chart));
  }

  static String timeline(Frame frame, TimelinePage page) {
    return render(out -> JtetimelineGenerated.render(out, null, frame, page));
  }

  static String queues(Frame frame, QueuesPage page) {
    return render(out -> JtequeuesGenerated.render(out, null, frame, page));
  }

  static String workers(Frame frame, WorkersPage page) {
    return render(out -> JteworkersGenerated.render(out, null, frame, page));
  }

  static String lost(Frame frame, LostPage page) {
    return render(out -> JtelostGenerated.render(out, null, frame, page));
  }

  static String schedules(Frame frame, SchedulesPage page) {
    return render(out -> JteschedulesGenerated.render(out, null, frame, page));
  }

  static String runGraph(Frame frame, GraphPages.RunGraph page) {
    return render(out -> JtegraphGenerated.render(out, null, frame, page));
  }

  static String workflow(Frame frame, GraphPages.WorkflowGraphs page) {
    return render(out -> JteworkflowGenerated.render(out, null, frame, page));
  }

  static String compare(Frame frame, GraphPages.Comparison page) {
    return render(out -> JtecompareGenerated.render(out, null, frame, page));
  }

  static String login(Frame frame, LoginPage page) {
    return render(out -> JteloginGenerated.render(out, null, frame, page));
  }

  static String error(Frame frame, String message) {
    return render(out -> JteerrorGenerated.render(out, null, frame, message));
  }

  private static String render(Consumer<HtmlTemplateOutput> template) {
    StringOutput text = new StringOutput(8192);
    template.accept(new OwaspHtmlTemplateOutput(text));
    return text.toString();
  }
}
