package dev.durable.processor.reading;

import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * One step contract as read once by {@link WorkflowReader}: an interface whose {@code @Step}
 * methods workers serve.
 *
 * @param methods all its methods, in declaration order
 */
public record RawContract(TypeElement type, List<RawMethod> methods) {

  public RawContract {
    methods = List.copyOf(methods);
  }
}
