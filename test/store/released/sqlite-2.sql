
  CREATE INDEX appointment_slot ON appointment (slot_id) WHERE slot_id IS NOT NULL;
  