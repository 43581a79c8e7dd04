package dev.durable.tests.support;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.BasicMDCAdapter;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.simple.SimpleServiceProvider;
import org.slf4j.spi.LoggingEventBuilder;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The tests' SLF4J provider (named by the system property {@code slf4j.provider} in the pom):
 * slf4j-simple prints as it always does, and while a test {@link #capture}s, every line of every
 * level is also recorded with the MDC it was written with, so that tests can assert what the
 * engine logs and with which keys.
 */
public final class CapturedLogs implements SLF4JServiceProvider {
  /** The captures open now; lines go to each. */
  private static final List<Capture> CAPTURES = new CopyOnWriteArrayList<>();

  /** Whether SLF4J took this provider: else nothing would be captured. */
  private static volatile boolean installed;

  private final SimpleServiceProvider simple = new SimpleServiceProvider();
  private final MDCAdapter mdc = new BasicMDCAdapter();
  private final Map<String, Logger> loggers = new ConcurrentHashMap<>();

  /** A line as written: its level, logger, formatted text (with its exception's), MDC, thread. */
  public record Line(
      Level level, String logger, String text, Map<String, String> mdc, String thread) {
    @Override
    public String toString() {
      return level + " [" + thread + "] " + logger + " " + mdc + " " + text;
    }
  }

  /** Records every line logged from now until it is closed. */
  public static Capture capture() {
    LoggerFactory.getILoggerFactory();
    if (!installed) {
      throw new IllegalStateException("SLF4J does not use the tests' provider, so no line can be"
          + " captured: run with -Dslf4j.provider=" + CapturedLogs.class.getName()
          + " (durable-tests' pom sets it for surefire)");
    }
    Capture capture = new Capture();
    CAPTURES.add(capture);
    return capture;
  }

  /** The lines logged while it was open. */
  public static final class Capture implements AutoCloseable {
    private final ConcurrentLinkedQueue<Line> lines = new ConcurrentLinkedQueue<>();

    public List<Line> lines() {
      return new ArrayList<>(lines);
    }

    @Override
    public void close() {
      CAPTURES.remove(this);
    }
  }

  @Override
  public ILoggerFactory getLoggerFactory() {
    return name -> loggers.computeIfAbsent(
        name, n -> new Recording(n, simple.getLoggerFactory().getLogger(n)));
  }

  @Override
  public IMarkerFactory getMarkerFactory() {
    return simple.getMarkerFactory();
  }

  @Override
  public MDCAdapter getMDCAdapter() {
    return mdc;
  }

  @Override
  public String getRequestedApiVersion() {
    return simple.getRequestedApiVersion();
  }

  @Override
  public void initialize() {
    simple.initialize();
    installed = true;
  }

  /** Records while a capture is open, and hands each line to slf4j-simple's logger. */
  private static final class Recording extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;

    private final Logger printer;

    Recording(String name, Logger printer) {
      this.name = name;
      this.printer = printer;
    }

    @Override
    public boolean isTraceEnabled() {
      return !CAPTURES.isEmpty() || printer.isTraceEnabled();
    }

    @Override
    public boolean isDebugEnabled() {
      return !CAPTURES.isEmpty() || printer.isDebugEnabled();
    }

    @Override
    public boolean isInfoEnabled() {
      return !CAPTURES.isEmpty() || printer.isInfoEnabled();
    }

    @Override
    public boolean isWarnEnabled() {
      return !CAPTURES.isEmpty() || printer.isWarnEnabled();
    }

    @Override
    public boolean isErrorEnabled() {
      return !CAPTURES.isEmpty() || printer.isErrorEnabled();
    }

    @Override
    protected String getFullyQualifiedCallerName() {
      return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(
        Level level, Marker marker, String pattern, Object[] arguments, Throwable error) {
      if (!CAPTURES.isEmpty()) {
        StringBuilder text =
            new StringBuilder(MessageFormatter.basicArrayFormat(pattern, arguments));
        for (Throwable t = error; t != null; t = t.getCause()) {
          text.append(" | ").append(t);
        }
        Map<String, String> context = MDC.getCopyOfContextMap();
        Line line = new Line(level, name, text.toString(),
            context == null ? Map.of() : Map.copyOf(context), Thread.currentThread().getName());
        for (Capture capture : CAPTURES) {
          capture.lines.add(line);
        }
      }
      if (printer.isEnabledForLevel(level)) {
        LoggingEventBuilder line = printer.makeLoggingEventBuilder(level);
        if (error != null) {
          line = line.setCause(error);
        }
        line.log(pattern, arguments == null ? new Object[0] : arguments);
      }
    }
  }
}
