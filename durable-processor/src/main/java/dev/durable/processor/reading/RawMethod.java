package dev.durable.processor.reading;

import java.util.Optional;
import javax.lang.model.element.ExecutableElement;

/**
 * One method of a {@code @Workflow} class or step contract as read once: the element and each of
 * Durable's annotations on it, so that every later stage knows what the method is without looking
 * again.
 *
 * @param onFailure whether it carries {@code @OnFailure}, which has no attributes
 */
public record RawMethod(
    ExecutableElement element,
    Optional<RunAnnotation> run,
    Optional<StepAnnotation> step,
    Optional<SignalAnnotation> signal,
    Optional<OnErrorAnnotation> onError,
    boolean onFailure) {

  /** The method's simple name. */
  public String name() {
    return element.getSimpleName().toString();
  }

  /** Whether it is a {@code @Run} method. */
  public boolean isRun() {
    return run.isPresent();
  }

  /** Whether it is a {@code @Step} method. */
  public boolean isStep() {
    return step.isPresent();
  }

  /** Whether it is a {@code @Signal} method. */
  public boolean isSignal() {
    return signal.isPresent();
  }

  /** Whether it is an {@code @OnError} route. */
  public boolean isRoute() {
    return onError.isPresent();
  }
}
