# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""A small P4Runtime client: mastership, pipeline, writes, counter reads, packet I/O."""

import queue
import threading

import grpc
from p4.v1 import p4runtime_pb2, p4runtime_pb2_grpc


class P4RuntimeClient:
    def __init__(self, address, device_id=1, election_id=(0, 1)):
        self.device_id = device_id
        self.election_id = p4runtime_pb2.Uint128(high=election_id[0], low=election_id[1])
        self.channel = grpc.insecure_channel(address)
        grpc.channel_ready_future(self.channel).result(timeout=30)
        self.stub = p4runtime_pb2_grpc.P4RuntimeStub(self.channel)
        self._requests = queue.Queue()
        self._arbitration = queue.Queue()
        self.packet_ins = queue.Queue()
        self._pre_entities = []
        self._stream = self.stub.StreamChannel(iter(self._requests.get, None))
        self._reader = threading.Thread(target=self._read_stream, daemon=True)
        self._reader.start()

    def _read_stream(self):
        try:
            for message in self._stream:
                kind = message.WhichOneof("update")
                if kind == "arbitration":
                    self._arbitration.put(message.arbitration)
                elif kind == "packet":
                    self.packet_ins.put(message.packet)
        except grpc.RpcError:
            pass  # the stream ends when the client closes it

    def become_master(self, timeout=10):
        request = p4runtime_pb2.StreamMessageRequest()
        request.arbitration.device_id = self.device_id
        request.arbitration.election_id.CopyFrom(self.election_id)
        self._requests.put(request)
        reply = self._arbitration.get(timeout=timeout)
        if reply.status.code != 0:
            raise RuntimeError(f"not master: {reply.status}")

    def set_pipeline(self, p4info, device_config):
        request = p4runtime_pb2.SetForwardingPipelineConfigRequest(
            device_id=self.device_id, election_id=self.election_id,
            action=p4runtime_pb2.SetForwardingPipelineConfigRequest.VERIFY_AND_COMMIT)
        request.config.p4info.CopyFrom(p4info)
        request.config.p4_device_config = device_config
        self.stub.SetForwardingPipelineConfig(request)

    def write(self, *entities, update_type=p4runtime_pb2.Update.INSERT):
        request = p4runtime_pb2.WriteRequest(device_id=self.device_id, election_id=self.election_id)
        for entity in entities:
            update = request.updates.add(type=update_type)
            if isinstance(entity, p4runtime_pb2.TableEntry):
                update.entity.table_entry.CopyFrom(entity)
            else:
                update.entity.CopyFrom(entity)
        self.stub.Write(request)

    def insert(self, *table_entries):
        self.write(*table_entries)

    def add_multicast_group(self, group_id, replicas):
        """replicas: list of (egress_port, instance/replication id)."""
        entity = p4runtime_pb2.Entity()
        group = entity.packet_replication_engine_entry.multicast_group_entry
        group.multicast_group_id = group_id
        for port, instance in replicas:
            group.replicas.add(egress_port=port, instance=instance)
        self.write(entity)
        self._pre_entities.append(entity)

    def add_clone_session(self, session_id, port, truncate=0):
        entity = p4runtime_pb2.Entity()
        session = entity.packet_replication_engine_entry.clone_session_entry
        session.session_id = session_id
        session.replicas.add(egress_port=port, instance=1)
        session.packet_length_bytes = truncate
        self.write(entity)
        self._pre_entities.append(entity)

    def delete_pre_entities(self):
        """Deletes the multicast groups and clone sessions this client made: the replication
        engine keeps them across pipeline pushes, so one test's groups would leak into the next."""
        while self._pre_entities:
            self.write(self._pre_entities.pop(), update_type=p4runtime_pb2.Update.DELETE)

    def read_counter(self, counter_id, index):
        def select(entity):
            entity.counter_entry.counter_id = counter_id
            entity.counter_entry.index.index = index
        return self._read_one(select).counter_entry.data

    def read_direct_counter(self, table_entry):
        """The counter data of one table entry (its match and priority select it)."""
        def select(entity):
            entity.direct_counter_entry.table_entry.CopyFrom(table_entry)
            entity.direct_counter_entry.table_entry.ClearField("action")
        return self._read_one(select).direct_counter_entry.data

    def read_register(self, register_id, index):
        def select(entity):
            entity.register_entry.register_id = register_id
            entity.register_entry.index.index = index
        return self._read_one(select).register_entry.data

    def _read_one(self, select):
        request = p4runtime_pb2.ReadRequest(device_id=self.device_id)
        select(request.entities.add())
        for response in self.stub.Read(request):
            for entity in response.entities:
                return entity
        raise RuntimeError(f"nothing returned for {request.entities[0]}")

    def packet_out(self, payload, metadata):
        """metadata: list of (metadata_id, bytes)."""
        request = p4runtime_pb2.StreamMessageRequest()
        request.packet.payload = payload
        for metadata_id, value in metadata:
            request.packet.metadata.add(metadata_id=metadata_id, value=value)
        self._requests.put(request)

    def get_packet_in(self, timeout=2):
        return self.packet_ins.get(timeout=timeout)

    def close(self):
        self._requests.put(None)
        self.channel.close()
