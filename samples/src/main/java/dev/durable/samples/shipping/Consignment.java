package dev.durable.samples.shipping;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import java.util.List;

/** Parcels collected together: quoted at once, picked up by one carrier visit. */
public record Consignment(@NotBlank String id, @NotEmpty List<@Valid Parcel> parcels) {}
