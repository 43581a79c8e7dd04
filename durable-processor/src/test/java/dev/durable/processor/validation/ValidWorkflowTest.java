package dev.durable.processor.validation;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.durable.processor.validation.Fixtures.compile;
import static dev.durable.processor.validation.Fixtures.fixture;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Workflows that use every legal thing compile without a single diagnostic. */
class ValidWorkflowTest {

  static JavaFileObject[] acme() {
    return new JavaFileObject[] {
      fixture("valid/com/acme/CheckoutWorkflow.java"),
      fixture("valid/com/acme/Nightly.java"),
      fixture("valid/com/acme/Order.java"),
      fixture("valid/com/acme/Customer.java"),
      fixture("valid/com/acme/Quote.java"),
      fixture("valid/com/acme/Charge.java"),
      fixture("valid/com/acme/Receipt.java"),
      fixture("valid/com/acme/Page.java"),
      fixture("valid/com/acme/Category.java"),
      fixture("valid/com/acme/Shape.java"),
      fixture("valid/com/acme/DeclinedException.java"),
      fixture("valid/com/acme/PaymentRejected.java"),
      fixture("valid/com/acme/PricingClient.java"),
    };
  }

  @Test
  void richWorkflowsCompileWithoutWarnings() {
    Compilation compilation = compile(acme());

    assertThat(compilation).succeededWithoutWarnings();
  }
}
